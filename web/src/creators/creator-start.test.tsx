// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberEventPosition, TOKEN_KEY } from '../api/client';
import { StoryCard } from '../stories/StoryCard';
import { settlesOnceImageOnScreen } from '../testing/early-paint';
import { aStory } from '../testing/story-fixture';
import { creatorQuery, creatorStoriesQuery } from './creator-queries';
import creatorStart from './creator-start';

interface Asked {
  path: string;
  method: string;
  headers: Record<string, string>;
}

let asked: Asked[];
const profile = { handle: 'night-owl', penName: 'Night Owl', stories: 1, followers: 0 };
const list = [aStory({ id: 's1', images: ['a.webp', 'b.webp'] }), aStory({ id: 's2' })];
/** What the server answers each path with, by what it starts with. */
let answers: [string, () => Response][];

/** The creator page's early script (web/src/creators/creator-start.ts), run as the page would run it. */
function runOn(path: string) {
  window.history.replaceState(null, '', path);
  return creatorStart();
}

/** What the creator page's two queries ask the server, and what they end with. */
async function pageQueries(handle: string, token: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const creator = await client.fetchQuery(creatorQuery(handle, token));
  const stories = await client.fetchInfiniteQuery(
    creatorStoriesQuery({ token, premiumMember: false }, handle),
  );
  return { creator, stories: stories.pages[0]!.stories.map((story) => story.id) };
}

const preloaded = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');

/** Until the script's chain of promises has run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  asked = [];
  answers = [
    ['/api/creators/', () => Response.json(profile)],
    ['/api/stories?', () => Response.json(list, { headers: { 'X-Total-Count': '2' } })],
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      asked.push({
        path,
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers)),
      });
      return answers.find(([start]) => path.startsWith(start))![1]();
    }),
  );
});

afterEach(() => {
  cleanup();
  delete window.nocturneCreatorStart;
  localStorage.clear();
  sessionStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  vi.unstubAllGlobals();
});

describe("the creator page's early script", () => {
  it("asks for a visitor's creator and first stories exactly as the page's queries do", async () => {
    rememberEventPosition(42); // in this tab's session storage too, where the script reads it
    await pageQueries('night owl&co', null);
    const byTheApp = asked;
    asked = [];
    runOn('/creator/night%20owl%26co/');
    expect(window.nocturneCreatorStart?.handle).toBe('night owl&co');
    expect(asked).toEqual(byTheApp);
    expect(asked[0]?.headers).toEqual({ 'x-min-position': '42' });
    expect(asked.map(({ path }) => path)).toEqual([
      '/api/creators/night%20owl%26co',
      '/api/stories?limit=6&creator=night+owl%26co',
    ]);
  });

  it('never asks for a reader with a session: their lists differ and carry their session', () => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
    runOn('/creator/night-owl');
    expect(asked).toEqual([]);
    expect(window.nocturneCreatorStart).toBeUndefined();
  });

  it('leaves a visitor with an age-assurance token to the app, which sends it', () => {
    localStorage.setItem(
      'nocturne.ageAssurance',
      JSON.stringify({ token: 't', expiresAt: Date.now() + 60_000 }),
    );
    runOn('/creator/night-owl');
    expect(asked).toEqual([]);
  });

  it('asks nothing on any other page', () => {
    for (const path of ['/', '/profile', '/creator', '/creator/ann/more', '/story/s1']) runOn(path);
    expect(asked).toEqual([]);
  });

  it("names the first card's image with the card's own source, at high priority", async () => {
    runOn('/creator/night-owl');
    await settled();
    const link = preloaded();
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    const card = render(
      <MemoryRouter>
        <StoryCard story={list[0]!} loggedIn={false} premiumMember={false} first from="landing" />
      </MemoryRouter>,
    );
    const image = card.container.querySelector('img')!;
    expect(link?.getAttribute('href')).toBe(image.getAttribute('src'));
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(link?.hasAttribute('imagesrcset')).toBe(false);
  });

  it("lets the app's script start once the first screen the server drew is on screen and reported painted", async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="creator-first-screen"><h1>Night Owl</h1><img alt="" src="/api/images/first-ref"></div>',
    );
    const layer = document.getElementById('creator-first-screen')!;
    try {
      await settlesOnceImageOnScreen({
        layer,
        run: () => runOn('/creator/night-owl'),
        sheetsLoad: () => {},
        startsAppScript: true,
      });
      // Its image is in the page: nothing named again.
      expect(preloaded()).toBeNull();
    } finally {
      layer.remove();
      delete window.nocturneEarlyPaint;
    }
  });

  it("lets the app's script start at once without a first screen, or for a reader with a session", async () => {
    expect(runOn('/creator/night-owl')).toBeUndefined();
    await settled();
    document.body.insertAdjacentHTML('beforeend', '<div id="creator-first-screen"><img alt=""></div>');
    localStorage.setItem(TOKEN_KEY, 'session-token');
    try {
      expect(runOn('/creator/night-owl')).toBeUndefined();
    } finally {
      document.getElementById('creator-first-screen')!.remove();
    }
  });

  it('names no image for a refusal or a first story without one', async () => {
    answers[1] = ['/api/stories?', () => Response.json({ detail: 'Too many requests' }, { status: 429 })];
    runOn('/creator/night-owl');
    answers[1] = ['/api/stories?', () => Response.json([aStory({ id: 's3', images: [] })])];
    runOn('/creator/night-owl');
    await settled();
    expect(asked).toHaveLength(4);
    expect(preloaded()).toBeNull();
  });
});

describe("the creator page's queries, given what the early script asked for", () => {
  it("take a visitor's answers, asking nothing themselves", async () => {
    runOn('/creator/night-owl');
    asked = [];
    expect(await pageQueries('night-owl', null)).toEqual({ creator: profile, stories: ['s1', 's2'] });
    expect(asked).toEqual([]);
    expect(window.nocturneCreatorStart).toBeUndefined();
  });

  it('take them once: the next load asks the server', async () => {
    runOn('/creator/night-owl');
    await pageQueries('night-owl', null);
    await pageQueries('night-owl', null);
    expect(asked.map(({ path }) => path)).toEqual([
      '/api/creators/night-owl',
      '/api/stories?limit=6&creator=night-owl',
      '/api/creators/night-owl',
      '/api/stories?limit=6&creator=night-owl',
    ]);
  });

  it('never use them for a reader with a session, nor for another creator', async () => {
    runOn('/creator/night-owl');
    asked = [];
    await pageQueries('night-owl', 'session-token');
    await pageQueries('ann', null);
    expect(asked.map(({ path }) => path)).toEqual([
      '/api/creators/night-owl',
      '/api/stories?limit=6&creator=night-owl',
      '/api/creators/ann',
      '/api/stories?limit=6&creator=ann',
    ]);
    expect(window.nocturneCreatorStart?.handle).toBe('night-owl');
  });

  it("a creator not found is asked for once: the early answer is the page's", async () => {
    answers[0] = ['/api/creators/', () => Response.json({ detail: 'Creator not found' }, { status: 404 })];
    runOn('/creator/night-owl');
    asked = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(creatorQuery('night-owl', null))).rejects.toMatchObject({
      status: 404,
      detail: 'Creator not found',
    });
    expect(asked).toEqual([]);
  });

  it('ask again after a failure or an answer the app itself asks again, so each keeps its own handling', async () => {
    answers[0] = [
      '/api/creators/',
      () => new Response(null, { status: 503, headers: { 'Retry-After': '1' } }),
    ];
    runOn('/creator/night-owl');
    window.nocturneCreatorStart!.stories = Promise.reject(new TypeError('Failed to fetch'));
    asked = [];
    answers[0] = ['/api/creators/', () => Response.json(profile)];
    expect(await pageQueries('night-owl', null)).toEqual({ creator: profile, stories: ['s1', 's2'] });
    expect(asked.map(({ path }) => path)).toEqual([
      '/api/creators/night-owl',
      '/api/stories?limit=6&creator=night-owl',
    ]);
  });
});
