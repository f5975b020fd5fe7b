// @vitest-environment jsdom
import { ageAssuranceMessages } from '@nocturne/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AgeAssuranceReturnPage from './AgeAssuranceReturnPage';
import { currentAgeToken } from './age-token-store';
import { keepCheckSecret, keepWantedPath, wantedPath } from './assurance-trip';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The result endpoint answering `results` in turn; records the secret each request proved. */
function serve(results: Response[]) {
  const secrets: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path !== '/api/age-assurance/checks/c1/result' || init.method !== 'POST') return json(404, {});
      secrets.push((init.headers as Record<string, string>)['X-Age-Check-Secret']);
      return results.shift() ?? json(500, {});
    }),
  );
  return secrets;
}

const show = (url = '/age-assurance/return?check=c1') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/age-assurance/return" element={<AgeAssuranceReturnPage />} />
          <Route path="/story/:id" element={<p>The story page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  keepCheckSecret('c1', 'the-secret');
  keepWantedPath('/story/s-explicit');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the page the wallet or provider sends the reader back to', { timeout: 20_000 }, () => {
  it('asks until the check is done, keeps the token and sends the reader to the story they wanted', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const secrets = serve([
      json(200, { status: 'pending' }),
      json(200, { status: 'assured', token: 'visitor.token', expiresAt }),
    ]);
    show();
    expect(screen.getByText(ageAssuranceMessages.returnChecking)).toBeTruthy();
    expect(await screen.findByText('The story page', {}, { timeout: 5000 })).toBeTruthy();
    expect(currentAgeToken()).toBe('visitor.token');
    expect(secrets).toEqual(['the-secret', 'the-secret']);
    expect(wantedPath()).toBeNull();
  });

  it("shows a refusal's detail and offers to try again from the story", async () => {
    serve([json(200, { status: 'refused', detail: 'The wallet says you are not over 18.' })]);
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('The wallet says you are not over 18.');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/story/s-explicit');
    expect(currentAgeToken()).toBeNull();
  });

  it('says what went wrong when the result cannot be had, or the check is not this tab’s', async () => {
    serve([json(403, { detail: 'wrong secret' })]);
    show();
    expect((await screen.findByRole('alert')).textContent).toBe(ageAssuranceMessages.returnFailed);
    cleanup();
    show('/age-assurance/return?check=unknown');
    expect((await screen.findByRole('alert')).textContent).toBe(ageAssuranceMessages.returnMissing);
  });
});
