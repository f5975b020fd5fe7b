import { describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { memoryCaches } from './fake-cache-storage';
import {
  accountKey,
  forgetAllKept,
  KEPT_CACHE_PREFIX,
  keepStory,
  keptBytes,
  keptImageUrl,
  keptStories,
  keptStory,
  mayKeep,
  OWNER_KEY,
  openKeptStory,
  ownerOf,
  rememberOwner,
  removeAllKept,
  removeKeptStory,
} from './kept-stories';

const image = (bytes: number) => async (_url: string) =>
  new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/webp' } });

describe('stories kept on the device', () => {
  it('keeps the answer and every slide at the kept width, in the account’s own cache', async () => {
    const storage = memoryCaches();
    const fetchImage = vi.fn(image(100));
    const kept = await keepStory('ann', aStory(), fetchImage, storage);
    expect(fetchImage.mock.calls.map(([url]) => url)).toEqual([
      '/api/images/a.webp?w=960',
      '/api/images/b.webp?w=960',
    ]);
    expect(kept.bytes).toBe(200);
    expect(await storage.keys()).toEqual([`${KEPT_CACHE_PREFIX}ann`]);
    expect((await keptStory('ann', 's1', storage))?.story.texts).toEqual(['One.', 'Two.']);
    expect(await keptBytes('ann', storage)).toBe(200);
  });

  it('shows nothing of one account’s kept stories to another on the same device', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory(), image(10), storage);
    expect(await keptStories('bob', storage)).toEqual([]);
    expect(await openKeptStory('bob', 's1', storage)).toBeUndefined();
    expect(accountKey('Ann@Example.com')).toBe(accountKey('ann@example.com'));
    expect(accountKey('ann@example.com')).not.toBe(accountKey('bob@example.com'));
    expect(accountKey('ann@example.com')).not.toContain('ann');
  });

  it('keeps nothing of an answer the server gave without its slides, or when an image is refused', async () => {
    const storage = memoryCaches();
    const explicit = aStory({ images: [], texts: ['Opening words'], ageAssuranceRequired: true });
    expect(mayKeep(explicit)).toBe(false);
    await expect(keepStory('ann', explicit, image(10), storage)).rejects.toThrow();
    const refused = async (url: string) => new Response(null, { status: url.includes('b.webp') ? 403 : 200 });
    await expect(keepStory('ann', aStory(), refused, storage)).rejects.toThrow(/403/);
    expect(await keptStories('ann', storage)).toEqual([]);
  });

  it('opens a kept story from the device with its images as object URLs', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory(), image(10), storage);
    const opened = await openKeptStory('ann', 's1', storage);
    expect(opened?.story.images).toHaveLength(2);
    for (const url of opened?.story.images ?? []) expect(url).toMatch(/^blob:/);
    opened?.release();
  });

  it('removes one story and the images no other kept story uses', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory({ id: 's1', images: ['a.webp', 'shared.webp'] }), image(10), storage);
    await keepStory('ann', aStory({ id: 's2', images: ['shared.webp', 'c.webp'] }), image(10), storage);
    await removeKeptStory('ann', 's1', storage);
    const cache = await storage.open(`${KEPT_CACHE_PREFIX}ann`);
    expect(await cache.match(keptImageUrl('a.webp'))).toBeUndefined();
    expect(await cache.match(keptImageUrl('shared.webp'))).toBeDefined();
    expect((await keptStories('ann', storage)).map((k) => k.story.id)).toEqual(['s2']);
  });

  it('removes an account’s copies, or every account’s on logout', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory(), image(10), storage);
    await keepStory('bob', aStory(), image(10), storage);
    await removeAllKept('ann', storage);
    expect(await storage.keys()).toEqual([`${KEPT_CACHE_PREFIX}bob`]);
    await storage.open('workbox-precache-v2');
    await forgetAllKept(storage);
    expect(await storage.keys()).toEqual(['workbox-precache-v2']);
  });
});

describe('the account of a session started offline', () => {
  it('is the one remembered for that token, never another token’s, and is forgotten on logout', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    try {
      rememberOwner('token-of-ann', 'ann');
      expect(ownerOf('token-of-ann')).toBe('ann');
      expect(ownerOf('token-of-bob')).toBeNull();
      expect(stored.get(OWNER_KEY)).not.toContain('token-of-ann');
      await forgetAllKept(memoryCaches());
      expect(ownerOf('token-of-ann')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
