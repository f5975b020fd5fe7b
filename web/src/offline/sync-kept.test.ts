// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { memoryCaches } from './fake-cache-storage';
import { keepStory, keptStories, keptStory } from './kept-stories';
import { syncKept } from './sync-kept';

const image = async () => new Response(new Uint8Array(10));
const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the sync of kept stories', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem() {}, removeItem() {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('removes a story taken down since (hidden, deleted, no longer assured) and keeps the rest, with new counts', async () => {
    const storage = memoryCaches();
    for (const id of ['live', 'hidden', 'deleted', 'explicit', 'unknown']) {
      await keepStory('ann', aStory({ id }), image, storage);
    }
    fetch.mockImplementation(async (path: string) => {
      if (path.endsWith('/live')) return json(200, aStory({ id: 'live', likes: 7 }));
      if (path.endsWith('/hidden')) return json(451, { detail: 'Hidden' });
      if (path.endsWith('/deleted')) return json(404);
      if (path.endsWith('/explicit'))
        return json(200, aStory({ id: 'explicit', images: [], texts: ['x'], ageAssuranceRequired: true }));
      throw new TypeError('Failed to fetch');
    });
    const { removed } = await syncKept('ann', storage);
    expect(removed.sort()).toEqual(['deleted', 'explicit', 'hidden']);
    expect((await keptStories('ann', storage)).map((k) => k.story.id).sort()).toEqual(['live', 'unknown']);
    expect((await keptStory('ann', 'live', storage))?.story.likes).toBe(7);
  });

  it('never spends a premium story: one that would be spent again is removed without asking for it', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory({ id: 'p1', isPremium: true }), image, storage);
    fetch.mockImplementation(async () => json(200, { spends: true, stories_remaining: 3, warnings: [] }));
    expect((await syncKept('ann', storage)).removed).toEqual(['p1']);
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/me/premium/stories/p1']);
  });
});
