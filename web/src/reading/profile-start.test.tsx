// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SCRIPT from '../../public/profile-start.js?raw';
import { rememberEventPosition, TOKEN_KEY } from '../api/client';
import { StoryCard } from '../stories/StoryCard';
import { aStory } from '../testing/story-fixture';
import { type ShelfName, shelfQuery } from './reading-queries';

interface Asked {
  path: string;
  headers: Record<string, string>;
}

let asked: Asked[];
const shelf = [aStory({ id: 's1', images: ['a.webp', 'b.webp'] }), aStory({ id: 's2' })];
/** What the server answers the next request with. */
let answer: () => Response;

/** The profile page's early script (web/public/profile-start.js), run as the page would run it. */
function runOn(path: string) {
  window.history.replaceState(null, '', path);
  new Function(SCRIPT)();
}

/** What the profile's shelf query asks the server, and what it ends with. */
const shelfOf = (token: string | null, name: ShelfName = 'continue') =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(shelfQuery(token, name));

const ids = (stories: { id: string }[]) => stories.map((story) => story.id);

const preloaded = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');

/** Until the script's chain of promises has run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  asked = [];
  answer = () => Response.json(shelf);
  localStorage.setItem(TOKEN_KEY, 'session-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const request = new Request(new URL(input instanceof Request ? input.url : input, location.href), init);
      const headers = Object.fromEntries(input instanceof Request ? input.headers : request.headers);
      asked.push({ path: request.url.replace(location.origin, ''), headers });
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  delete window.nocturneShelfStart;
  localStorage.clear();
  sessionStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  vi.unstubAllGlobals();
});

describe("the profile page's early script", () => {
  it("asks for the signed-in reader's Continue reading exactly as the page's query does", async () => {
    rememberEventPosition(42); // in this tab's session storage too, where the script reads it
    await shelfOf('session-token');
    const byTheApp = asked;
    asked = [];
    runOn('/profile/');
    expect(window.nocturneShelfStart?.token).toBe('session-token');
    expect(asked).toEqual(byTheApp);
    expect(asked).toEqual([
      {
        path: '/api/me/library?shelf=continue',
        headers: { authorization: 'Bearer session-token', 'x-min-position': '42' },
      },
    ]);
  });

  it('asks nothing for a visitor, nor with an age-assurance token (the app sends it), nor on another page', () => {
    for (const path of ['/', '/profile/more', '/story/s1', '/creator/ann']) runOn(path);
    localStorage.setItem(
      'nocturne.ageAssurance',
      JSON.stringify({ token: 't', expiresAt: Date.now() + 60_000 }),
    );
    runOn('/profile');
    localStorage.clear();
    runOn('/profile');
    expect(asked).toEqual([]);
    expect(window.nocturneShelfStart).toBeUndefined();
  });

  it("names the first card's image with the card's own source, at high priority", async () => {
    runOn('/profile');
    await settled();
    const link = preloaded();
    expect(link?.getAttribute('fetchpriority')).toBe('high');
    const card = render(
      <MemoryRouter>
        <StoryCard story={shelf[0]!} loggedIn premiumMember={false} first from="profile" />
      </MemoryRouter>,
    );
    expect(link?.getAttribute('href')).toBe(card.container.querySelector('img')!.getAttribute('src'));
  });

  it('names no image for a refusal or an empty shelf', async () => {
    answer = () => Response.json({ detail: 'Not authenticated' }, { status: 401 });
    runOn('/profile');
    answer = () => Response.json([]);
    runOn('/profile');
    await settled();
    expect(asked).toHaveLength(2);
    expect(preloaded()).toBeNull();
  });
});

describe("the profile's shelf query, given what the early script asked for", () => {
  it('takes the answer once, asking nothing itself; the next load asks the server', async () => {
    runOn('/profile');
    asked = [];
    expect(ids(await shelfOf('session-token'))).toEqual(['s1', 's2']);
    expect(asked).toEqual([]);
    expect(window.nocturneShelfStart).toBeUndefined();
    await shelfOf('session-token');
    expect(asked.map(({ path }) => path)).toEqual(['/api/me/library?shelf=continue']);
  });

  it('never uses it for another session or another shelf', async () => {
    runOn('/profile');
    asked = [];
    await shelfOf('another-session');
    await shelfOf('session-token', 'saved');
    expect(asked.map(({ path }) => path)).toEqual([
      '/api/me/library?shelf=continue',
      '/api/me/library?shelf=saved',
    ]);
    expect(window.nocturneShelfStart?.token).toBe('session-token');
  });

  it('shows a refusal as its own (an expired session), asking nothing again', async () => {
    answer = () => Response.json({ detail: 'Not authenticated' }, { status: 401 });
    runOn('/profile');
    asked = [];
    await expect(shelfOf('session-token')).rejects.toMatchObject({
      status: 401,
      detail: 'Not authenticated',
    });
    expect(asked).toEqual([]);
  });

  it('asks again after a failure or an answer the app itself asks again', async () => {
    runOn('/profile');
    window.nocturneShelfStart!.answer = Promise.reject(new TypeError('Failed to fetch'));
    asked = [];
    expect(ids(await shelfOf('session-token'))).toEqual(['s1', 's2']);
    answer = () => new Response(null, { status: 503 });
    runOn('/profile');
    answer = () => Response.json(shelf);
    asked = [];
    expect(ids(await shelfOf('session-token'))).toEqual(['s1', 's2']);
    expect(asked.map(({ path }) => path)).toEqual(['/api/me/library?shelf=continue']);
  });
});
