// @vitest-environment jsdom
import { ageAssuranceMessages } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgeAssuranceScreen } from './AgeAssuranceScreen';
import { checkSecretOf, wantedPath } from './assurance-trip';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const twoMethods = {
  required: true,
  methods: [
    { method: 'wallet', label: 'EU age wallet' },
    { method: 'hosted', label: 'Photo ID or face check' },
  ],
};

/** The API as scripted: the methods, then each POST of a check answered by `checks` in turn. */
function serve(methods: unknown, checks: Response[] = []) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path === '/api/age-assurance/methods') return json(200, methods);
      if (path === '/api/age-assurance/checks' && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return checks.shift() ?? json(500, {});
      }
      return json(404, {});
    }),
  );
  return posted;
}

function show(goTo = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/story/s-explicit']}>
        <AgeAssuranceScreen backTo="/" goTo={goTo} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return goTo;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the age-assurance screen', { timeout: 20_000 }, () => {
  it('says why, offers the methods, and starts a check that never names the story', async () => {
    const posted = serve(twoMethods, [
      json(201, { check: 'c1', secret: 'sec', redirect: 'https://wallet.example/start?r=1' }),
    ]);
    const goTo = show();
    expect(screen.getByRole('heading', { name: ageAssuranceMessages.screenTitle })).toBe(
      document.activeElement,
    );
    expect(screen.getByText(ageAssuranceMessages.screenWhy)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'EU age wallet' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://wallet.example/start?r=1'));
    expect(posted).toEqual([{ method: 'wallet' }]);
    expect(checkSecretOf('c1')).toBe('sec');
    expect(wantedPath()).toBe('/story/s-explicit');
  });

  it('names a provider that does not answer and keeps the other methods offered', async () => {
    const posted = serve(twoMethods, [
      json(503, { detail: 'down' }),
      json(201, { check: 'c2', secret: 's2', redirect: 'https://wallet.example/2' }),
    ]);
    const goTo = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Photo ID or face check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      ageAssuranceMessages.providerDown('Photo ID or face check'),
    );
    expect(goTo).not.toHaveBeenCalled();
    const wallet = screen.getByRole('button', { name: 'EU age wallet' }) as HTMLButtonElement;
    expect(wallet.disabled).toBe(false);
    // From the keyboard: the methods are buttons in the tab order.
    wallet.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://wallet.example/2'));
    expect(posted).toEqual([{ method: 'hosted' }, { method: 'wallet' }]);
  });

  it("shows a refusal's detail (a rate limit) and stays put", async () => {
    serve(twoMethods, [json(429, { detail: 'Too many checks. Please wait a minute.' })]);
    const goTo = show();
    await userEvent.click(await screen.findByRole('button', { name: 'EU age wallet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many checks. Please wait a minute.');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('says so when no method is offered, and when the methods cannot be loaded', async () => {
    serve({ required: true, methods: [] });
    show();
    expect(await screen.findByText(ageAssuranceMessages.noMethods)).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, {})),
    );
    show();
    expect(await screen.findByText('The ways to confirm your age could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
