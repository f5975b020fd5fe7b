// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberEventPosition, TOKEN_KEY } from '../api/client';
import { meQuery } from '../auth/auth-queries';
import { maskEmail } from '../profile/mask-email';
import { PROFILE_FIRST_SCREEN_ID, removeProfileFirstScreen } from '../profile/profile-first-screen';
import { profileFirstScreenRender } from '../profile/profile-first-screen-render';
import { StoryCard } from '../stories/StoryCard';
import { isSettled, settled, settlesOnceImageOnScreen } from '../testing/early-paint';
import { aStory } from '../testing/story-fixture';
import profileStart from './profile-start';
import { type ShelfName, shelfQuery } from './reading-queries';

interface Asked {
  path: string;
  headers: Record<string, string>;
}

let asked: Asked[];
const shelf = [aStory({ id: 's1', images: ['a.webp', 'b.webp'] }), aStory({ id: 's2' })];
/** What the server answers the next request with. */
let answer: () => Response;
/** What it answers the session check with. */
let account: () => Response;

/** The profile page's early script (web/src/reading/profile-start.ts), run as the page would run it. */
function runOn(path: string) {
  window.history.replaceState(null, '', path);
  profileStart();
}

/** What the profile's shelf query asks the server, and what it ends with. */
const shelfOf = (token: string | null, name: ShelfName = 'continue') =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(shelfQuery(token, name));

const ids = (stories: { id: string }[]) => stories.map((story) => story.id);

/** What the app's session check asks the server, and what it ends with. */
const sessionCheckOf = (token: string | null) =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(meQuery(token));

const preloaded = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');

beforeEach(() => {
  asked = [];
  answer = () => Response.json(shelf);
  account = () =>
    Response.json({ email: 'nightowl@example.com', is_subscribed: false, premium_stories_remaining: 0 });
  localStorage.setItem(TOKEN_KEY, 'session-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const request = new Request(new URL(input instanceof Request ? input.url : input, location.href), init);
      const headers = Object.fromEntries(input instanceof Request ? input.headers : request.headers);
      const path = request.url.replace(location.origin, '');
      asked.push({ path, headers });
      return path === '/api/auth/me' ? account() : answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  delete window.nocturneShelfStart;
  delete window.nocturneMeStart;
  delete window.nocturneEarlyPaint;
  localStorage.clear();
  sessionStorage.clear();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  removeProfileFirstScreen();
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

describe("the app's session check, given the first screen's", () => {
  const withFirstScreen = () => document.body.insertAdjacentHTML('beforeend', profileFirstScreenRender());

  it('takes the answer the early script asked for, once, asking nothing itself', async () => {
    withFirstScreen();
    runOn('/profile');
    asked = [];
    expect(await sessionCheckOf('session-token')).toMatchObject({ email: 'nightowl@example.com' });
    expect(asked).toEqual([]);
    expect(window.nocturneMeStart).toBeUndefined();
    await sessionCheckOf('session-token');
    expect(asked.map(({ path }) => path)).toEqual(['/api/auth/me']);
  });

  it('never uses it for another session, and shows a refusal as its own', async () => {
    withFirstScreen();
    runOn('/profile');
    asked = [];
    await sessionCheckOf('another-session');
    expect(asked.map(({ path }) => path)).toEqual(['/api/auth/me']);
    expect(window.nocturneMeStart?.token).toBe('session-token');

    removeProfileFirstScreen();
    account = () => Response.json({ detail: 'Not authenticated' }, { status: 401 });
    withFirstScreen();
    runOn('/profile');
    asked = [];
    await expect(sessionCheckOf('session-token')).rejects.toMatchObject({ status: 401 });
    expect(asked).toEqual([]);
  });
});

describe("the profile page's first screen, drawn before the app's script", () => {
  /** The page as the server sends it: the first screen after the app's root, a stylesheet named for later. */
  function page() {
    document.body.insertAdjacentHTML('beforeend', profileFirstScreenRender());
    const preload = document.createElement('link');
    preload.setAttribute('rel', 'preload');
    preload.setAttribute('as', 'style');
    preload.setAttribute('href', '/assets/ProfilePage-c3.css');
    document.head.append(preload);
    return document.getElementById(PROFILE_FIRST_SCREEN_ID)!;
  }

  /** The stylesheets the script applied, loaded. */
  const sheetsLoad = () => {
    for (const sheet of document.head.querySelectorAll('link[rel="stylesheet"]'))
      sheet.dispatchEvent(new Event('load'));
  };

  it("fills it from the session's and the shelf's answers as the profile draws them, once its stylesheets apply", async () => {
    const stories = [
      aStory({ id: 's1', images: ['a.webp'], isPremium: true }),
      aStory({ id: 's2', images: ['b.webp'] }),
      aStory({ id: 's3', images: ['c.webp'] }),
    ];
    answer = () => Response.json(stories);
    const layer = page();
    runOn('/profile');
    expect(asked.map(({ path }) => path)).toEqual(['/api/me/library?shelf=continue', '/api/auth/me']);
    expect(asked[1]!.headers).toEqual({ authorization: 'Bearer session-token' });
    await settled();
    const sheet = document.head.querySelector('link[rel="stylesheet"]');
    expect(sheet?.getAttribute('href')).toBe('/assets/ProfilePage-c3.css');
    expect(layer.hidden).toBe(true);
    sheetsLoad();
    await settled();
    expect(layer.hidden).toBe(false);
    expect(layer.querySelector('.profile-card__avatar')?.textContent).toBe('N');
    expect(layer.querySelector('.profile-card__email')?.textContent).toBe(maskEmail('nightowl@example.com'));
    expect(layer.querySelector('.profile-card__plan')?.textContent).toBe('Free Account');
    // A phone's first row, each image as its card draws it (a premium one blurred for a free account).
    const images = layer.querySelectorAll('img');
    expect(images).toHaveLength(2);
    for (const [index, image] of images.entries()) {
      const card = render(
        <MemoryRouter>
          <StoryCard
            story={stories[index]!}
            loggedIn
            premiumMember={false}
            first={index === 0}
            from="profile"
          />
        </MemoryRouter>,
      );
      const drawn = card.container.querySelector('img')!;
      for (const name of ['class', 'src', 'width', 'height'])
        expect(image.getAttribute(name), name).toBe(drawn.getAttribute(name));
      card.unmount();
    }
  });

  it("names a premium member's plan and remaining stories, text only", async () => {
    account = () =>
      Response.json({ email: '<b>ann</b>@example.com', is_subscribed: true, premium_stories_remaining: 7 });
    answer = () => Response.json([aStory({ id: 's1', images: ['a.webp'], isPremium: true })]);
    const layer = page();
    runOn('/profile');
    await settled();
    sheetsLoad();
    await settled();
    expect(layer.hidden).toBe(false);
    expect(layer.querySelector('.profile-card__email')?.textContent).toBe(
      maskEmail('<b>ann</b>@example.com'),
    );
    expect(layer.querySelector('.profile-card__email b')).toBeNull();
    expect(layer.querySelector('.profile-card__plan')?.textContent).toBe(
      'Premium Member7 premium stories left',
    );
    expect(layer.querySelectorAll('.profile-card__plan')).toHaveLength(1);
    expect(layer.querySelectorAll('img')).toHaveLength(1);
    expect(layer.querySelector('img')?.classList.contains('story-card__image--blurred')).toBe(false);
  });

  it('stays hidden for a refused session, a refused or empty shelf, or a first story without an image', async () => {
    const cases: [() => Response, () => Response][] = [
      [() => Response.json({ detail: 'Not authenticated' }, { status: 401 }), () => Response.json(shelf)],
      [account, () => Response.json({ detail: 'Not authenticated' }, { status: 401 })],
      [account, () => Response.json([])],
      [account, () => Response.json([aStory({ id: 's1', images: [] })])],
    ];
    for (const [session, stories] of cases) {
      removeProfileFirstScreen();
      account = session;
      answer = stories;
      const layer = page();
      runOn('/profile');
      await settled();
      sheetsLoad();
      await settled();
      expect(layer.hidden).toBe(true);
      expect(layer.querySelector('.profile-card__email')?.textContent).toBe('');
    }
  });

  it("lets the app start the profile's files once the first card's image is decoded and on screen, not before", async () => {
    await settlesOnceImageOnScreen({ layer: page(), run: () => runOn('/profile'), sheetsLoad });
  });

  it('lets the app start them at once when the first screen will not be drawn, and has nothing to wait for where it never is', async () => {
    answer = () => Response.json([]);
    page();
    runOn('/profile');
    expect(await isSettled(window.nocturneEarlyPaint)).toBe(true);

    delete window.nocturneEarlyPaint;
    removeProfileFirstScreen();
    runOn('/profile'); // the page parsed, and no first screen in it
    expect(window.nocturneEarlyPaint).toBeUndefined();
    localStorage.removeItem(TOKEN_KEY);
    page();
    runOn('/profile');
    expect(window.nocturneEarlyPaint).toBeUndefined();
  });

  it('is left alone once the app has taken it away, and never asked for without it', async () => {
    const layer = page();
    runOn('/profile');
    removeProfileFirstScreen();
    await settled();
    sheetsLoad();
    await settled();
    expect(layer.hidden).toBe(true);
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();

    asked = [];
    runOn('/profile');
    expect(asked.map(({ path }) => path)).toEqual(['/api/me/library?shelf=continue']);
  });
});
