// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyPage, { VERIFY_REDIRECT_MS } from './VerifyPage';
import { verificationKey } from './verify-email-query';

function serve(answer: () => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      if (path === '/api/site') return new Response(JSON.stringify({ support_email: 'help@nocturne.test' }));
      return answer();
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function show(url: string): QueryClient {
  const client = new QueryClient();
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/auth/verify" element={<VerifyPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return client;
}

/** Resolves once `check` holds, polling with the real setInterval (left out of the fake clock). */
function until(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!check()) return;
      clearInterval(timer);
      resolve();
    }, 5);
  });
}

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/auth/verify', () => {
  it('without a token says so and calls nothing', async () => {
    const calls = serve(json(200, {}));
    show('/auth/verify');
    expect(await screen.findByText('Invalid verification link. No token provided.')).toBeTruthy();
    expect(calls.filter((c) => c.includes('verify-email'))).toEqual([]);
    expect(await screen.findByRole('link', { name: 'help@nocturne.test' })).toBeTruthy();
  });

  it('verifies once (even under StrictMode), then sends to the login with the address after 3 s', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = serve(() => new Promise((resolve) => (answer = resolve)));
    const client = show('/auth/verify?token=t');
    await until(() => calls.some((c) => c.includes('verify-email')));
    // From here setTimeout runs on a fake clock (the page's redirect timer, and TanStack Query's
    // zero-delay notifications): the 3 s are stepped over exactly instead of slept.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      answer(new Response(JSON.stringify({ email: 'ann@example.com' })));
      await until(() => client.getQueryState(verificationKey('t'))?.status === 'success');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Email Verified!' })).toBeTruthy();
    expect(calls.filter((c) => c.includes('verify-email'))).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_REDIRECT_MS - 1));
    expect(screen.queryByTestId('where')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where').textContent).toBe('/auth/login?email=ann%40example.com');
  });

  it('shows the expired state when the detail says "expired"', async () => {
    serve(json(400, { detail: 'This verification link has expired.' }));
    show('/auth/verify?token=t');
    expect(
      await screen.findByText(
        'Your verification link has expired. Please sign up again to receive a new verification email.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's detail, or the fallbacks", async () => {
    serve(json(400, { detail: 'This verification link has already been used.' }));
    show('/auth/verify?token=t');
    expect(await screen.findByText('This verification link has already been used.')).toBeTruthy();
    cleanup();
    serve(json(500, {}));
    show('/auth/verify?token=t');
    expect(await screen.findByText('Email verification failed')).toBeTruthy();
    cleanup();
    serve(async () => {
      throw new TypeError('Failed to fetch');
    });
    show('/auth/verify?token=t');
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeTruthy();
  });
});
