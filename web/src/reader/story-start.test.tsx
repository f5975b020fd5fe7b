// @vitest-environment jsdom
import { DEFAULT_READING_SETTINGS } from '@nocturne/domain';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { memoryCaches } from '../offline/fake-cache-storage';
import { accountKey, keepStory, rememberOwner } from '../offline/kept-stories';
import { rememberSentSlide } from '../reading/unconfirmed-progress';
import { READING_SETTINGS_KEY, readingSettingsAttributes } from '../reading-settings/stored-reading-settings';
import { isSettled, nextFrame, settled, settlesOnceImageOnScreen } from '../testing/early-paint';
import { aStory } from '../testing/story-fixture';
import { FIRST_SLIDE_LAYER_ID } from './first-slide-layer';
import { firstSlideLayerRender } from './first-slide-layer-render';
import storyStart from './story-start';
import { renderReader } from './testing/render-reader';

let asked: { path: string; headers: Record<string, string> }[];
let answer: Response;

/** The reader page's early script (web/src/reader/story-start.ts), run as the page would run it. */
function runOn(path: string) {
  window.history.replaceState(null, '', path);
  return storyStart();
}

const preloaded = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');

beforeEach(() => {
  asked = [];
  answer = Response.json(aStory({ id: 's1', images: ['a.webp', 'b.webp'] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      asked.push({ path, headers: (init?.headers ?? {}) as Record<string, string> });
      return answer;
    }),
  );
});

afterEach(() => {
  cleanup();
  delete window.nocturneStoryStart;
  delete window.nocturneEarlyPaint;
  localStorage.clear();
  sessionStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
  vi.unstubAllGlobals();
});

describe("the reader page's early script", () => {
  it("asks for a visitor's story at once and leaves the answer for the app", async () => {
    runOn('/story/s1');
    expect(asked).toEqual([{ path: '/api/stories/s1', headers: {} }]);
    expect(window.nocturneStoryStart?.id).toBe('s1');
    expect(await window.nocturneStoryStart?.answer).toBe(answer);
  });

  it('never asks for a reader with a session: their request may spend a premium story', () => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
    runOn('/story/s1');
    expect(asked).toEqual([]);
    expect(window.nocturneStoryStart).toBeUndefined();
  });

  it('leaves a visitor with an age-assurance token to the app, which sends it', () => {
    localStorage.setItem(
      'nocturne.ageAssurance',
      JSON.stringify({ token: 't', expiresAt: Date.now() + 60_000 }),
    );
    runOn('/story/s1');
    expect(asked).toEqual([]);
  });

  it('asks nothing on any other page', () => {
    for (const path of ['/', '/profile', '/story', '/story/s1/more', '/creator/ann']) runOn(path);
    expect(asked).toEqual([]);
  });

  it('sends the position this tab has seen, as the app does', () => {
    sessionStorage.setItem('nocturne.minPosition', '42');
    runOn('/story/s%201/');
    expect(asked).toEqual([{ path: '/api/stories/s%201', headers: { 'X-Min-Position': '42' } }]);
    expect(window.nocturneStoryStart?.id).toBe('s 1');
  });

  it("names the first slide's image with the reader's own sources, at high priority", async () => {
    runOn('/story/s1');
    await settled();
    const link = preloaded();
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    const reader = renderReader(aStory({ id: 's1', images: ['a.webp', 'b.webp'] }));
    const image = reader.container.querySelector('img.reader__image--active')!;
    expect(link?.getAttribute('href')).toBe(image.getAttribute('src'));
    expect(link?.getAttribute('imagesrcset')).toBe(image.getAttribute('srcset'));
    expect(link?.getAttribute('imagesizes')).toBe(image.getAttribute('sizes'));
  });

  it('names no image behind a warning, a gate, a refusal, or where this browser resumes elsewhere', async () => {
    answer = Response.json(aStory({ id: 's1', warnings: ['violence'] as never }));
    runOn('/story/s1');
    answer = Response.json(aStory({ id: 's1', ageAssuranceRequired: true }));
    runOn('/story/s1');
    answer = Response.json({ detail: 'Story not found.' }, { status: 404 });
    runOn('/story/s1');
    answer = Response.json(aStory({ id: 's1' }));
    localStorage.setItem('nocturne.progress', JSON.stringify({ s1: 1 }));
    runOn('/story/s1');
    await settled();
    expect(asked).toHaveLength(4);
    expect(preloaded()).toBeNull();
  });
});

describe("the reader page's first slide, drawn before the app's script", () => {
  /** The page as the server sends it: the layer after the app's root, a stylesheet named for later. */
  function page() {
    document.body.insertAdjacentHTML('beforeend', firstSlideLayerRender());
    const preload = document.createElement('link');
    preload.setAttribute('rel', 'preload');
    preload.setAttribute('as', 'style');
    preload.setAttribute('crossorigin', '');
    preload.setAttribute('href', '/assets/StoryPage-c3.css');
    document.head.append(preload);
    return document.getElementById(FIRST_SLIDE_LAYER_ID)!;
  }

  /** The stylesheets the script applied, loaded. */
  const sheetsLoad = () => {
    for (const sheet of document.head.querySelectorAll('link[rel="stylesheet"]'))
      sheet.dispatchEvent(new Event('load'));
  };

  it("fills it from the story's answer with the reader's own image and text, once the reader's stylesheet applies", async () => {
    answer = Response.json(
      aStory({ id: 's1', images: ['a.webp', 'b.webp'], texts: ['<b>Dusk</b> fell.', 'Two.'] }),
    );
    const layer = page();
    runOn('/story/s1');
    const sheet = document.head.querySelector('link[rel="stylesheet"]');
    expect(sheet?.getAttribute('href')).toBe('/assets/StoryPage-c3.css');
    // In the preload's mode, so the preload's file is the one used.
    expect(sheet?.getAttribute('crossorigin')).toBe('');
    await settled();
    expect(layer.hidden).toBe(true);
    sheetsLoad();
    await settled();
    expect(layer.hidden).toBe(false);
    const text = layer.querySelector('.reader__text-inner')!;
    // Text, never markup.
    expect(text.textContent).toBe('<b>Dusk</b> fell.');
    expect(text.querySelector('b')).toBeNull();
    const reader = renderReader(aStory({ id: 's1', images: ['a.webp', 'b.webp'] }));
    const drawn = reader.container.querySelector('img.reader__image--active')!;
    const image = layer.querySelector('img')!;
    for (const name of ['class', 'src', 'srcset', 'sizes', 'fetchpriority', 'decoding'])
      expect(image.getAttribute(name), name).toBe(drawn.getAttribute(name));
  });

  it('stays hidden behind a warning, a gate, a refusal, or elsewhere in the story', async () => {
    const cases: [Response, () => void][] = [
      [Response.json(aStory({ id: 's1', warnings: ['violence'] as never })), () => {}],
      [Response.json(aStory({ id: 's1', ageAssuranceRequired: true })), () => {}],
      [Response.json({ detail: 'Premium.' }, { status: 402 }), () => {}],
      [Response.json(aStory({ id: 's1' })), () => localStorage.setItem('nocturne.progress', '{"s1":2}')],
    ];
    for (const [refused, arrange] of cases) {
      localStorage.clear();
      document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
      answer = refused;
      arrange();
      const layer = page();
      runOn('/story/s1');
      await settled();
      sheetsLoad();
      await settled();
      expect(layer.hidden).toBe(true);
      expect(layer.querySelector('.reader__text-inner')?.textContent).toBe('');
    }
  });

  it('draws it with the reading settings this browser keeps, as the reader draws its slides', async () => {
    const settings = {
      ...DEFAULT_READING_SETTINGS,
      theme: 'sepia',
      textSize: 'larger',
      typeface: 'sans',
    } as const;
    localStorage.setItem(READING_SETTINGS_KEY, JSON.stringify(settings));
    const layer = page();
    runOn('/story/s1');
    sheetsLoad();
    await settled();
    expect(layer.hidden).toBe(false);
    for (const [name, value] of Object.entries(readingSettingsAttributes(settings)))
      expect(layer.getAttribute(name), name).toBe(value);
  });

  it("lets the app start the reader's files once the slide's image is decoded and on screen, not before", async () => {
    await settlesOnceImageOnScreen({
      layer: page(),
      run: () => runOn('/story/s1'),
      sheetsLoad,
      startsAppScript: true,
    });
  });

  it('waits at most a second for an image that never decodes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const layer = page();
      layer.querySelector('img')!.decode = () => new Promise<void>(() => {});
      runOn('/story/s1');
      sheetsLoad();
      await vi.advanceTimersByTimeAsync(0);
      expect(layer.hidden).toBe(false);
      await vi.advanceTimersByTimeAsync(999);
      let done = false;
      void window.nocturneEarlyPaint?.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      vi.useRealTimers();
      await nextFrame();
      await nextFrame();
      expect(await isSettled(window.nocturneEarlyPaint)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the app start them at once when the slide will not be drawn, and has nothing to wait for where it never is', async () => {
    answer = Response.json({ detail: 'Premium.' }, { status: 402 });
    page();
    const app = runOn('/story/s1');
    expect(await isSettled(window.nocturneEarlyPaint)).toBe(true);
    // And the app's own script, named by the page for later, at once too.
    expect(await isSettled(app)).toBe(true);

    delete window.nocturneEarlyPaint;
    localStorage.setItem('nocturne.progress', '{"s1":2}');
    expect(runOn('/story/s1')).toBeUndefined();
    expect(window.nocturneEarlyPaint).toBeUndefined();
    localStorage.setItem(TOKEN_KEY, 'session-token');
    expect(runOn('/story/s1')).toBeUndefined();
    expect(window.nocturneEarlyPaint).toBeUndefined();
    expect(runOn('/creator/someone')).toBeUndefined();
  });

  it("is left alone for a reader with a session, and once the app's reader has taken its place", async () => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
    const layer = page();
    runOn('/story/s1');
    await settled();
    expect(layer.hidden).toBe(true);
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();

    localStorage.clear();
    runOn('/story/s1');
    layer.remove();
    sheetsLoad();
    await settled();
    expect(layer.hidden).toBe(true);
  });
});

describe("offline, a signed-in reader's kept story: its first slide drawn from the device", () => {
  const account = accountKey('ann@example.com');

  beforeEach(async () => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
    rememberOwner('session-token', account);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    URL.createObjectURL = vi.fn(() => 'blob:kept-first');
    const storage = memoryCaches();
    await keepStory(
      account,
      aStory({ id: 'k1', images: ['a.webp', 'b.webp'], texts: ['Frost on the rails.', 'Two.'] }),
      async () => new Response(new Uint8Array(4)),
      storage,
    );
    await keepStory(
      account,
      aStory({ id: 'w1', warnings: ['violence'] as never }),
      async () => new Response(new Uint8Array(4)),
      storage,
    );
    vi.stubGlobal('caches', storage);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    delete window.nocturneKeptOpeningSlide;
  });

  /** The page as the worker keeps it: the layer after the app's root. */
  function page() {
    document.body.insertAdjacentHTML('beforeend', firstSlideLayerRender());
    return document.getElementById(FIRST_SLIDE_LAYER_ID)!;
  }

  it('draws it without asking the network, and leaves its image for the reader that takes its place', async () => {
    const layer = page();
    const app = runOn('/story/k1');
    await settled();
    expect(asked).toEqual([]);
    expect(layer.hidden).toBe(false);
    expect(layer.querySelector('img')?.getAttribute('src')).toBe('blob:kept-first');
    expect(layer.querySelector('.reader__text-inner')?.textContent).toBe('Frost on the rails.');
    expect(window.nocturneKeptOpeningSlide).toEqual({ id: 'k1', slide: 0, image: 'blob:kept-first' });
    expect(app).toBeDefined();
  });

  it('draws it where the worker answered the page from its cache, though the browser says it is online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${location.origin}/story/k1`, deliveryType: 'cache-storage' } as unknown as PerformanceEntry,
    ]);
    const layer = page();
    runOn('/story/k1');
    await settled();
    expect(layer.hidden).toBe(false);
    expect(asked).toEqual([]);
  });

  it('draws the slide it opens at where this tab sent a place last, as the app opens it', async () => {
    rememberSentSlide('k1', 1);
    const layer = page();
    runOn('/story/k1');
    await settled();
    expect(layer.hidden).toBe(false);
    expect(layer.querySelector('.reader__text-inner')?.textContent).toBe('Two.');
    expect(window.nocturneKeptOpeningSlide).toEqual({ id: 'k1', slide: 1, image: 'blob:kept-first' });
    expect(asked).toEqual([]);
  });

  it('draws nothing for a story not kept, one with warnings, or another session', async () => {
    const cases: [string, () => void][] = [
      ['/story/other', () => {}],
      ['/story/w1', () => {}],
      ['/story/k1', () => localStorage.setItem(TOKEN_KEY, 'another-token')],
    ];
    for (const [path, arrange] of cases) {
      document.getElementById(FIRST_SLIDE_LAYER_ID)?.remove();
      arrange();
      const layer = page();
      const app = runOn(path);
      await settled();
      expect(layer.hidden, path).toBe(true);
      if (app) expect(await isSettled(app), path).toBe(true);
      expect(window.nocturneKeptOpeningSlide).toBeUndefined();
    }
    expect(asked).toEqual([]);
  });
});
