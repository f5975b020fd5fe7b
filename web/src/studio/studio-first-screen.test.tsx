// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { AuthProvider } from '../auth/auth-context';
import StudioRoute from './StudioPage';
import { STUDIO_FIRST_SCREEN_ID } from './studio-first-screen';
import { studioFirstScreenRender } from './studio-first-screen-render';
import studioStart from './studio-start';

/** The studio page as the server sends it: the first screen after the app's root. */
function page() {
  document.body.insertAdjacentHTML('beforeend', studioFirstScreenRender());
  return document.getElementById(STUDIO_FIRST_SCREEN_ID)!;
}

/** The page's early script (web/src/studio/studio-start.ts), run as the page would run it. */
const runScript = () => studioStart();

/** Whether the page is marked for its stylesheet to show the first screen (StudioPage.css). */
const marked = () => document.documentElement.hasAttribute('data-studio-first-screen');

const layer = () => document.getElementById(STUDIO_FIRST_SCREEN_ID);

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.removeAttribute('data-studio-first-screen');
  layer()?.remove();
  vi.unstubAllGlobals();
});

describe("the studio page's first screen, drawn before the app's script", () => {
  it("is the studio's heading and the pen name form with its hint, hidden from assistive technology", () => {
    const screenLayer = page();
    expect(screenLayer.hidden).toBe(true);
    expect(screenLayer.getAttribute('aria-hidden')).toBe('true');
    expect(screenLayer.hasAttribute('inert')).toBe(true);
    expect(screenLayer.querySelector('h1')?.textContent).toBe('Studio');
    expect(screenLayer.querySelector('.field__hint')?.textContent).toBe(
      '2 to 30 letters, digits, spaces, - and _. Your stories show the new name at once.',
    );
  });

  it('marks the page for the stylesheet to show it for a stored session, and only then', () => {
    runScript();
    expect(marked()).toBe(false);
    localStorage.setItem(TOKEN_KEY, 'session-token');
    runScript();
    expect(marked()).toBe(true);
  });

  it('stays hidden when the storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    runScript();
    expect(marked()).toBe(false);
    vi.restoreAllMocks();
  });
});

describe("the app and the studio's first screen", () => {
  /** The session check's answer: held until `answerMe` is called. */
  let answerMe: (response: Response) => void;

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input instanceof Request ? input.url : input);
        if (path.endsWith('/api/auth/me')) return new Promise<Response>((resolve) => (answerMe = resolve));
        if (path.includes('/api/me/pen-name')) return Response.json({ penName: 'Night Owl' });
        if (path.includes('/api/me/drafts')) return Response.json({ drafts: [] });
        return Response.json({ daily: [], stories: [] });
      }),
    );
    localStorage.setItem(TOKEN_KEY, 'session-token');
    page();
  });

  const visit = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/studio']}>
            <Routes>
              <Route path="/studio" element={<StudioRoute />} />
              <Route path="/auth/login" element={<p>Log in</p>} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );

  it('stays over the loading page while the session is checked, and goes when the studio is drawn', async () => {
    visit();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(layer()).not.toBeNull();
    answerMe(Response.json({ email: 'ann@example.com', is_subscribed: false, premium_stories_remaining: 0 }));
    expect(await screen.findByRole('heading', { name: 'Studio' })).toBeTruthy();
    expect(layer()).toBeNull();
  });

  it('goes when the session is refused and the visitor is sent to log in', async () => {
    visit();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    answerMe(Response.json({ detail: 'Not authenticated' }, { status: 401 }));
    expect(await screen.findByText('Log in')).toBeTruthy();
    expect(layer()).toBeNull();
  });
});
