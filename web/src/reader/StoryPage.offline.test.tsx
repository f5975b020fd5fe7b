// @vitest-environment jsdom
import { CONTENT_WARNING_IDS } from '@nocturne/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { memoryCaches } from '../offline/fake-cache-storage';
import { accountKey, keepStory, rememberOwner } from '../offline/kept-stories';
import { rememberSentSlide } from '../reading/unconfirmed-progress';
import { aStory } from '../testing/story-fixture';
import { FIRST_SLIDE_LAYER_ID } from './first-slide-layer';
import { firstSlideLayerRender } from './first-slide-layer-render';
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

describe("a kept story's first slide, drawn by the page offline (./story-start.ts)", () => {
  /** The page's layer as its early script leaves it: shown, its image an object URL of the kept bytes. */
  function drawnByThePage(id: string, slide = 0) {
    document.body.insertAdjacentHTML('beforeend', firstSlideLayerRender());
    const layer = document.getElementById(FIRST_SLIDE_LAYER_ID)!;
    layer.hidden = false;
    window.nocturneKeptOpeningSlide = { id, slide, image: 'blob:drawn-early' };
    return layer;
  }

  afterEach(() => {
    document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
    delete window.nocturneKeptOpeningSlide;
  });

  it('stays while the kept copy is opened, and the reader takes its place with the same image', async () => {
    rememberOwner('session-token', accountKey(reader.email));
    await keepStory(
      accountKey(reader.email),
      aStory({ id: 'k1' }),
      async () => new Response(new Uint8Array(4)),
      caches as unknown as CacheStorage,
    );
    const layer = drawnByThePage('k1');
    renderStoryPage('k1');
    expect(layer.isConnected).toBe(true);
    expect(await screen.findByText('One.')).toBeTruthy();
    expect(layer.isConnected).toBe(false);
    const slide = document.querySelector('img.reader__image--active');
    expect(slide?.getAttribute('src')).toBe('blob:drawn-early');
  });

  it('at the place this tab sent last, the reader opens there with the image the page drew', async () => {
    rememberOwner('session-token', accountKey(reader.email));
    await keepStory(
      accountKey(reader.email),
      aStory({ id: 'k2', images: ['a.webp', 'b.webp'], texts: ['One.', 'Two.'] }),
      async () => new Response(new Uint8Array(4)),
      caches as unknown as CacheStorage,
    );
    rememberSentSlide('k2', 1);
    // The reader's opening scroll moves the window, as a browser's does.
    vi.stubGlobal(
      'scrollTo',
      vi.fn((_x: number, y: number) =>
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true }),
      ),
    );
    const layer = drawnByThePage('k2', 1);
    renderStoryPage('k2');
    expect(await screen.findByText('Two.')).toBeTruthy();
    expect(layer.isConnected).toBe(false);
    const slide = document.querySelector('img.reader__image--active');
    expect(slide?.getAttribute('src')).toBe('blob:drawn-early');
    // Its text already on screen, as the page drew it: not faded in again.
    expect(document.querySelector('.reader__text-inner--drawn')?.textContent).toBe('Two.');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('goes when the story is not kept for this session', async () => {
    rememberOwner('another-token', accountKey('bob@example.com'));
    const layer = drawnByThePage('k1');
    renderStoryPage('k1');
    expect(await screen.findByText('You are offline. This story is not kept on this device.')).toBeTruthy();
    expect(layer.isConnected).toBe(false);
  });
});
