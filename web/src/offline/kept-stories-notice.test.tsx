// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { memoryCaches } from './fake-cache-storage';
import { keepStory, removeKeptStory } from './kept-stories';
import { keepsStoriesForSession } from './kept-stories-notice';

const image = async (_url: string) =>
  new Response(new Uint8Array(10), { headers: { 'Content-Type': 'image/webp' } });

describe('the way to kept stories, offered offline', () => {
  afterEach(() => localStorage.clear());

  it('is offered to a session on a device that keeps a story', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory({ id: 's1' }), image, storage);
    localStorage.setItem('auth_token', 'token-of-ann');
    expect(await keepsStoriesForSession(storage)).toBe(true);
  });

  it('is not offered without a session, or when nothing is kept any more', async () => {
    const storage = memoryCaches();
    await keepStory('ann', aStory({ id: 's1' }), image, storage);
    expect(await keepsStoriesForSession(storage)).toBe(false);

    localStorage.setItem('auth_token', 'token-of-ann');
    await removeKeptStory('ann', 's1', storage);
    await storage.open('workbox-precache-v2');
    expect(await keepsStoriesForSession(storage)).toBe(false);
  });
});
