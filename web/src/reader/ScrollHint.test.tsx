// @vitest-environment jsdom
import type { Story } from '@nocturne/domain';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { SCROLL_HINT_KEY } from './ScrollHint';
import { renderReader } from './testing/render-reader';

/** The one-time scroll hint: once per browser session, gone at 4 s or a scroll. */
const story: Story = aStory({ images: ['a.webp', 'b.webp'], texts: ['One.', 'Two.'] });
const HINT = 'Scroll to continue the story';

const frames = (n: number) =>
  act(async () => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  });

beforeEach(() => {
  sessionStorage.clear();
  // As a browser does when the page was scrolled (the form that published the story): the
  // reader's opening scroll fires a scroll event.
  vi.stubGlobal('scrollTo', () => window.dispatchEvent(new Event('scroll')));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the scroll hint', () => {
  it("outlasts the reader's own opening scroll, and goes at the reader's first scroll", async () => {
    renderReader(story);
    await frames(3);
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(sessionStorage.getItem(SCROLL_HINT_KEY)).toBe('true');

    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('is shown once per browser session', async () => {
    sessionStorage.setItem(SCROLL_HINT_KEY, 'true');
    renderReader(story);
    await frames(3);
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
