// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { FIRST_SLIDE_LAYER_ID } from './first-slide-layer';
import { firstSlideLayerRender } from './first-slide-layer-render';
import { renderStoryPage } from './testing/render-reader';

/** The story's answer: held until `answer` is called. */
let answer: (response: Response) => void;

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/stories/s1' ? new Promise<Response>((resolve) => (answer = resolve)) : Response.json({}),
    ),
  );
  document.body.insertAdjacentHTML('beforeend', firstSlideLayerRender());
  document.getElementById(FIRST_SLIDE_LAYER_ID)!.hidden = false;
});

afterEach(() => {
  cleanup();
  document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
  vi.unstubAllGlobals();
});

const layer = () => document.getElementById(FIRST_SLIDE_LAYER_ID);

const visit = () => renderStoryPage('s1');

describe("the reader page's early first slide", () => {
  it('stays over the loading page until the reader draws the slide in its place', async () => {
    visit();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/stories/s1', expect.anything()));
    expect(layer()).not.toBeNull();
    answer(Response.json(aStory({ id: 's1', images: ['a.webp'], texts: ['Dusk.'] })));
    expect(await screen.findByRole('img', { name: 'Dusk.' })).toBeTruthy();
    expect(layer()).toBeNull();
  });

  it('goes when the story cannot be shown, and the page says why', async () => {
    visit();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/stories/s1', expect.anything()));
    answer(Response.json({ detail: 'Story not found.' }, { status: 404 }));
    await waitFor(() => expect(layer()).toBeNull());
  });

  it('goes when the page shows a gate or a warning instead of the reader, leaving no image behind', async () => {
    for (const story of [
      aStory({ id: 's1', images: [], texts: [], ageAssuranceRequired: true }),
      aStory({ id: 's1', warnings: ['violence'] as never }),
    ]) {
      document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
      document.body.insertAdjacentHTML('beforeend', firstSlideLayerRender());
      const page = visit();
      await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/stories/s1', expect.anything()));
      answer(Response.json(story));
      await waitFor(() => expect(layer()).toBeNull());
      expect(document.querySelectorAll('img')).toHaveLength(0);
      page.unmount();
      vi.mocked(fetch).mockClear();
    }
  });

  it('goes with the page', async () => {
    const page = visit();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/stories/s1', expect.anything()));
    page.unmount();
    expect(layer()).toBeNull();
  });
});
