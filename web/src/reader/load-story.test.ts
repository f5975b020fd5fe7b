// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { loadStory, StoryLoadError } from './load-story';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetched: string[];

beforeEach(() => {
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      fetched.push(path);
      return json(aStory({ id: 's1', texts: ['Asked by the app.', 'Two.'] }));
    }),
  );
});

afterEach(() => {
  delete window.nocturneStoryStart;
  vi.unstubAllGlobals();
});

const startedBy = (id: string, answer: Promise<Response>) => {
  window.nocturneStoryStart = { id, answer };
};

describe("the story the page's early script already asked for", () => {
  it('is what a visitor reads, asked once', async () => {
    startedBy('s1', Promise.resolve(json(aStory({ id: 's1', texts: ['Asked early.', 'Two.'] }))));
    const { story } = await loadStory('s1', null);
    expect(story.texts[0]).toBe('Asked early.');
    expect(fetched).toEqual([]);
  });

  it('is taken once: the next load of the story asks the server', async () => {
    startedBy('s1', Promise.resolve(json(aStory({ id: 's1' }))));
    await loadStory('s1', null);
    await loadStory('s1', null);
    expect(fetched).toEqual(['/api/stories/s1']);
  });

  it('is never used for a reader with a session (their request may spend a premium story)', async () => {
    startedBy('s1', Promise.resolve(json(aStory({ id: 's1', texts: ['Asked early.', 'Two.'] }))));
    const { story } = await loadStory('s1', 'session-token');
    expect(story.texts[0]).toBe('Asked by the app.');
    expect(fetched).toEqual(['/api/stories/s1']);
  });

  it('is not used for another story', async () => {
    startedBy('s2', Promise.resolve(json(aStory({ id: 's2' }))));
    const { story } = await loadStory('s1', null);
    expect(story.texts[0]).toBe('Asked by the app.');
    expect(window.nocturneStoryStart?.id).toBe('s2');
  });

  it("is the page's answer when it was a refusal: a story not found is asked for once", async () => {
    startedBy('s1', Promise.resolve(json({ detail: 'Story not found.' }, 404)));
    await expect(loadStory('s1', null)).rejects.toEqual(new StoryLoadError({ kind: 'not-found' }));
    startedBy('s1', Promise.resolve(json({ detail: 'Sign in to read this story.' }, 401)));
    await expect(loadStory('s1', null)).rejects.toMatchObject({ failure: { kind: 'login-required' } });
    expect(fetched).toEqual([]);
  });

  it('is asked again when it failed or was an answer the app itself asks again', async () => {
    startedBy('s1', Promise.reject(new TypeError('Failed to fetch')));
    await loadStory('s1', null);
    startedBy('s1', Promise.resolve(json({ detail: 'Catching up.' }, 503)));
    await loadStory('s1', null);
    startedBy('s1', Promise.resolve(json({ detail: 'Position beyond the log.' }, 400)));
    await loadStory('s1', null);
    expect(fetched).toEqual(['/api/stories/s1', '/api/stories/s1', '/api/stories/s1']);
  });
});
