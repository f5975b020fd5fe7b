// @vitest-environment jsdom
import { CONTENT_WARNING_IDS } from '@nocturne/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { memoryCaches } from '../offline/fake-cache-storage';
import { accountKey, keepStory, rememberOwner } from '../offline/kept-stories';
import { aStory } from '../testing/story-fixture';
import { renderStoryPage } from './testing/render-reader';

const reader = { email: 'ann@example.com', is_subscribed: false, premium_stories_remaining: 0 };
const warning = CONTENT_WARNING_IDS[0];

beforeEach(async () => {
  localStorage.setItem(TOKEN_KEY, 'session-token');
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  URL.createObjectURL = vi.fn(() => `blob:kept-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
  const storage = memoryCaches();
  await keepStory(
    accountKey(reader.email),
    aStory({ id: 'w1', warnings: [warning] }),
    async () => new Response(new Uint8Array(4)),
    storage,
  );
  vi.stubGlobal('caches', storage);
  // No network: every request fails as fetch does offline.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const visit = () => renderStoryPage('w1');

describe('a story kept offline, opened without a connection', () => {
  it('opens from the device for the account that kept it, its content warnings first', async () => {
    rememberOwner('session-token', accountKey(reader.email));
    visit();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('One.')).toBeTruthy();
    const slide = document.querySelector('img.reader__image--active');
    expect(slide?.getAttribute('src')).toMatch(/^blob:kept-/);
  });

  it('is not opened for another session on the device', async () => {
    rememberOwner('another-token', accountKey('bob@example.com'));
    visit();
    expect(await screen.findByText('You are offline. This story is not kept on this device.')).toBeTruthy();
  });
});
