// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense, use } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyStartedOn } from './lazy-started-on';

type PageModule = { default: ComponentType };

const page: PageModule = { default: () => <p>The story</p> };

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Renders the page in one synchronous pass; says whether the fallback was ever drawn. */
function renderOnce(Page: ReturnType<typeof lazyStartedOn>): { suspended: boolean } {
  const seen = { suspended: false };
  const Fallback = () => {
    seen.suspended = true;
    return <p>Suspended</p>;
  };
  act(() => {
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
  });
  return seen;
}

describe('a lazy page started on its own address', () => {
  it("starts loading as it is made on a story's address, and draws without suspending once in", async () => {
    window.history.replaceState(null, '', '/story/s1');
    const load = vi.fn(async () => page);
    const Page = lazyStartedOn('/story/', load);
    expect(load).toHaveBeenCalledTimes(1);
    await load.mock.results[0]!.value;
    await Promise.resolve();

    expect(renderOnce(Page).suspended).toBe(false);
    expect(screen.getByText('The story')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("draws the loading screen itself on a story's address until the chunk is in, then the page, never suspending", async () => {
    window.history.replaceState(null, '', '/story/s1');
    let arrive: (module: typeof page) => void = () => {};
    const Page = lazyStartedOn('/story/', () => new Promise((resolve) => (arrive = resolve)));

    const seen = renderOnce(Page);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await act(async () => arrive(page));

    expect(screen.getByText('The story')).toBeTruthy();
    expect(seen.suspended).toBe(false);
  });

  it('draws the page, once its chunk is in, in a transition that React slices rather than one long task', async () => {
    window.history.replaceState(null, '', '/story/s1');
    let arrive: (module: PageModule) => void = () => {};
    // A page whose first render waits on data: only an update in a transition keeps the screen
    // it replaces (the loading screen) instead of falling back to the nearest Suspense boundary.
    let answer: (value: string) => void = () => {};
    const data = new Promise<string>((resolve) => (answer = resolve));
    const waiting = { default: () => <p>{use(data)}</p> };
    const Page = lazyStartedOn('/story/', () => new Promise((resolve) => (arrive = resolve)));

    renderOnce(Page);
    await act(async () => arrive(waiting));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('Suspended')).toBeNull();

    await act(async () => answer('The story'));
    expect(screen.getByText('The story')).toBeTruthy();
  });

  it("starts loading on a story's address only once the page's early first slide has been drawn", async () => {
    window.history.replaceState(null, '', '/story/s1');
    let drawn: () => void = () => {};
    window.nocturneEarlyPaint = new Promise<void>((resolve) => (drawn = resolve));
    const load = vi.fn(async () => page);
    try {
      const Page = lazyStartedOn('/story/', load);
      await Promise.resolve();
      expect(load).not.toHaveBeenCalled();
      renderOnce(Page);
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      expect(load).not.toHaveBeenCalled();

      await act(async () => drawn());
      expect(load).toHaveBeenCalledTimes(1);
      expect(screen.getByText('The story')).toBeTruthy();
    } finally {
      delete window.nocturneEarlyPaint;
    }
  });

  it('loads only when first drawn on any other address', async () => {
    const load = vi.fn(async () => page);
    const Page = lazyStartedOn('/story/', load);
    expect(load).not.toHaveBeenCalled();

    expect(renderOnce(Page).suspended).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The story')).toBeTruthy();
  });
});
