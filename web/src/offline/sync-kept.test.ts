// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { memoryCaches } from './fake-cache-storage';
import { keepStory, keptStories, keptStory } from './kept-stories';
import { keepAll, syncKept } from './sync-kept';

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

describe('keeping the whole Saved shelf', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
    vi.stubGlobal('sessionStorage', { getItem: () => null, setItem() {}, removeItem() {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what the reader may read, and neither spends a premium story nor keeps a locked one', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory({ id: 'had' }), image, storage);
    fetch.mockImplementation(async (path: string) => {
      if (path === '/api/me/premium/stories/locked')
        return json(200, { spends: true, stories_remaining: 2, warnings: [] });
      if (path === '/api/me/premium/stories/unlocked')
        return json(200, { spends: false, stories_remaining: 2, warnings: [] });
      if (path.startsWith('/api/images/')) return new Response(new Uint8Array(5));
      const id = path.split('/').at(-1) ?? '';
      return json(200, aStory({ id, isPremium: id !== 'free' }));
    });
    const saved = [
      aStory({ id: 'had' }),
      aStory({ id: 'free' }),
      aStory({ id: 'unlocked', isPremium: true }),
      aStory({ id: 'locked', isPremium: true }),
    ];
    expect(await keepAll('ann', saved, storage)).toEqual({ kept: 2, notKept: 1 });
    expect((await keptStories('ann', storage)).map((k) => k.story.id).sort()).toEqual([
      'free',
      'had',
      'unlocked',
    ]);
    const asked = fetch.mock.calls.map(([path]) => path as string);
    expect(asked).not.toContain('/api/stories/locked');
    expect(asked).not.toContain('/api/stories/had');
  });
});
