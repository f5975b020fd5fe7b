// @vitest-environment jsdom
import { DEFAULT_READING_SETTINGS, type ReadingSettings } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { AuthProvider } from '../auth/auth-context';
import { ReadingSettingsDialog } from './ReadingSettingsDialog';
import { READING_SETTINGS_KEY } from './stored-reading-settings';

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <ReadingSettingsDialog open onClose={() => {}} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("a visitor's reading settings", { timeout: 30_000 }, () => {
  it('given a visitor, a choice applies at once and stays in the browser, with no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show();
    const sepia = screen.getByRole('button', { name: 'Sepia' });
    expect(sepia.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(sepia);
    await userEvent.click(screen.getByRole('button', { name: 'Larger' }));

    expect(screen.getByRole('button', { name: 'Sepia' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(READING_SETTINGS_KEY) ?? '{}')).toEqual({
      ...DEFAULT_READING_SETTINGS,
      theme: 'sepia',
      textSize: 'larger',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reduced motion hides the transition choice: nothing moves', async () => {
    vi.stubGlobal('fetch', vi.fn());
    show();
    expect(screen.getByRole('group', { name: 'Slide transition' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reduce motion' }));
    expect(screen.queryByRole('group', { name: 'Slide transition' })).toBeNull();
  });
});

/**
 * A stand-in for the API of one member: GET answers the settings, PATCH lays its body over them;
 * each PATCH answers only when the test lets it, as a slow network would.
 */
function memberServer() {
  let settings: ReadingSettings = { ...DEFAULT_READING_SETTINGS };
  const sent: unknown[] = [];
  const held: Array<() => void> = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    if (path === '/api/auth/me') {
      return json({ email: 'ann@example.com', is_subscribed: false, premium_stories_remaining: 0 });
    }
    if (path === '/api/me/reading-settings' && (init.method ?? 'GET') === 'GET') return json(settings);
    if (path === '/api/me/reading-settings' && init.method === 'PATCH') {
      const change = JSON.parse(String(init.body));
      sent.push(change);
      await new Promise<void>((resolve) => held.push(resolve));
      settings = { ...settings, ...change };
      return json(settings);
    }
    return new Response('{"detail":"Not found"}', { status: 404 });
  });
  return {
    fetch,
    sent,
    settings: () => settings,
    /** Lets the oldest held PATCH answer. */
    answerNext: () => held.shift()?.(),
    held: () => held.length,
  };
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

// A loaded machine can take seconds to answer a stubbed fetch through TanStack Query.
const slow = { timeout: 5_000 };

describe("a member's reading settings", { timeout: 30_000 }, () => {
  it('three quick choices, made before the server answers the first, all land and stay shown (the middle one was lost)', async () => {
    localStorage.setItem(TOKEN_KEY, 'member-token');
    const server = memberServer();
    vi.stubGlobal('fetch', server.fetch);
    show();
    await waitFor(
      () => expect(server.fetch.mock.calls.some(([path]) => path === '/api/me/reading-settings')).toBe(true),
      slow,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sepia' }));
    await userEvent.click(screen.getByRole('button', { name: 'Larger' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sans' }));
    // Each applies at once, while the first is still on its way.
    expect([pressed('Sepia'), pressed('Larger'), pressed('Sans')]).toEqual(['true', 'true', 'true']);

    // The server answers them one after the other; what is shown never loses one meanwhile.
    for (let answered = 0; answered < 3; answered++) {
      await waitFor(() => expect(server.held()).toBe(1), slow);
      server.answerNext();
      expect([pressed('Sepia'), pressed('Larger'), pressed('Sans')]).toEqual(['true', 'true', 'true']);
    }
    await waitFor(() => expect(server.sent).toHaveLength(3), slow);
    expect(server.sent).toEqual([{ theme: 'sepia' }, { textSize: 'larger' }, { typeface: 'sans' }]);
    await waitFor(
      () =>
        expect(server.settings()).toEqual({
          ...DEFAULT_READING_SETTINGS,
          theme: 'sepia',
          textSize: 'larger',
          typeface: 'sans',
        }),
      slow,
    );
    await waitFor(() => expect(pressed('Larger')).toBe('true'), slow);
    expect([pressed('Sepia'), pressed('Sans')]).toEqual(['true', 'true']);
  });

  it('a change the server refuses is no longer shown, and the reader is told', async () => {
    localStorage.setItem(TOKEN_KEY, 'member-token');
    const server = memberServer();
    server.fetch.mockImplementation(async (path: string, init: RequestInit) => {
      if (path === '/api/me/reading-settings' && init.method === 'PATCH') {
        return new Response('{"detail":"Service unavailable"}', { status: 503 });
      }
      const body = path === '/api/auth/me' ? { email: 'ann@example.com' } : DEFAULT_READING_SETTINGS;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', server.fetch);
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Light' }));
    await waitFor(
      () => expect(screen.getByText('Your settings could not be saved. Try again.')).toBeTruthy(),
      slow,
    );
    expect(pressed('Light')).toBe('false');
    expect(pressed('Dark')).toBe('true');
  });
});
