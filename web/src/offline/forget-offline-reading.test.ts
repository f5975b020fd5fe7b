// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { ACTION_QUEUE_KEY, queuedActions, sendOrQueue } from './action-queue';
import { memoryCaches } from './fake-cache-storage';
import { forgetOfflineReading } from './forget-offline-reading';
import { keepStory, OWNER_KEY, ownerOf, rememberOwner } from './kept-stories';

const image = async (_url: string) =>
  new Response(new Uint8Array(10), { headers: { 'Content-Type': 'image/webp' } });

describe('signing out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('leaves no kept copy, no remembered account and no queued action on the device', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory({ id: 's1' }), image, storage);
    await keepStory('bob', aStory({ id: 's2' }), image, storage);
    await storage.open('workbox-precache-v2');
    rememberOwner('token-of-ann', 'ann');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    await sendOrQueue('bob', 'PUT', '/api/stories/s2/progress', { slide: 1 });
    expect(queuedActions()).toHaveLength(2);

    await forgetOfflineReading(storage);

    expect(await storage.keys()).toEqual(['workbox-precache-v2']);
    expect(ownerOf('token-of-ann')).toBeNull();
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
    expect(queuedActions()).toEqual([]);
    expect(localStorage.getItem(ACTION_QUEUE_KEY)).toBeNull();
  });
});
