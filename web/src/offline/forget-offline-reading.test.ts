// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { ACTION_QUEUE_KEY, queuedActions, sendOrQueue } from './action-queue';
import { memoryCaches } from './fake-cache-storage';
import { discardUnsentQuestion, forgetOfflineReading, unsentBeforeSignOut } from './forget-offline-reading';
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

  it('first sends what can be sent, and counts what is left unsent for the reader to give up', async () => {
    const fetch = vi.fn((): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 2 });
    await sendOrQueue('bob', 'POST', '/api/stories/s2/like');

    // Offline: nothing goes, and both of ann's wait (bob's are not hers to count).
    expect(await unsentBeforeSignOut('ann')).toBe(2);
    expect(queuedActions('ann')).toHaveLength(2);

    // Back online: both land before the question would be asked, so there is none.
    fetch.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    expect(await unsentBeforeSignOut('ann')).toBe(0);
    expect(queuedActions('ann')).toEqual([]);
    expect(queuedActions('bob')).toHaveLength(1);
    expect(await unsentBeforeSignOut(null)).toBe(0);
  });

  it('asks in words that say how many and what is lost', () => {
    expect(discardUnsentQuestion(1)).toMatch(
      /^Something you did offline .* has not been sent yet\. Signing out now discards it\./,
    );
    expect(discardUnsentQuestion(3)).toMatch(
      /^3 things you did offline .* have not been sent yet\. Signing out now discards them\./,
    );
  });
});
