// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { AuthProvider, type AuthState, useAuth } from './auth-context';
import { authKeys } from './auth-queries';

let auth: AuthState;
function Who() {
  auth = useAuth();
  return <p data-testid="who">{auth.loading ? 'loading' : (auth.user?.email ?? 'nobody')}</p>;
}

function show(client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Who />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return client;
}

const who = () => screen.getByTestId('who').textContent;
const ann = { email: 'ann@example.com', is_subscribed: false, premium_stories_remaining: 0 };

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the session (GET /api/auth/me in TanStack Query)', () => {
  it('checks a stored token at start and keeps the user in the me query', async () => {
    localStorage.setItem(TOKEN_KEY, 't1');
    const fetch = vi.fn(async () => new Response(JSON.stringify(ann), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = show();
    expect(who()).toBe('loading');
    await waitFor(() => expect(who()).toBe('ann@example.com'));
    expect(client.getQueryData(authKeys.me('t1'))).toEqual(ann);

    // refresh re-reads it (a premium unlock changed the remaining count).
    fetch.mockImplementation(
      async () => new Response(JSON.stringify({ ...ann, premium_stories_remaining: 29 }), { status: 200 }),
    );
    await act(() => auth.refresh());
    await waitFor(() => expect(auth.user?.premium_stories_remaining).toBe(29));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('ends the session the server refuses, and drops the token', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"Not authenticated"}', { status: 401 })),
    );
    show();
    await waitFor(() => expect(who()).toBe('nobody'));
    expect(auth.token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a login sets the user without asking the server again', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    show();
    expect(who()).toBe('nobody');
    act(() => auth.login('t2', ann));
    expect(who()).toBe('ann@example.com');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t2');
    expect(fetch).not.toHaveBeenCalled();
  });
});
