// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SCRIPT from '../../public/story-start.js?raw';
import { TOKEN_KEY } from '../api/client';
import { aStory } from '../testing/story-fixture';
import { renderReader } from './testing/render-reader';

let asked: { path: string; headers: Record<string, string> }[];
let answer: Response;

/** The reader page's early script (web/public/story-start.js), run as the page would run it. */
function runOn(path: string) {
  window.history.replaceState(null, '', path);
  new Function(SCRIPT)();
}

const preloaded = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');

/** Until the script's chain of promises has run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

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
  localStorage.clear();
  sessionStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
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
