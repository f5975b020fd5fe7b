// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftsSection } from './DraftsSection';

const draft = (id: string, publishAt: string | null) => ({
  id,
  title: `Opening words of ${id}`,
  cover: `${id}.webp`,
  slides: 2,
  isPremium: false,
  publishAt,
  savedAt: '2026-11-20T10:00:00.000Z',
});

/** GET /api/me/drafts answers `list` (or `status`); every command is recorded and answered ok. */
function serve(list: unknown[], status = 200) {
  const commands: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && path === '/api/me/drafts')
        return new Response(JSON.stringify(status === 200 ? { drafts: list } : { detail: 'down' }), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      commands.push(`${method} ${path}`);
      return new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return commands;
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DraftsSection token="t" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the studio's drafts", () => {
  it('says so when there is no draft', async () => {
    serve([]);
    show();
    expect(await screen.findByText(/^No drafts\./)).toBeTruthy();
  });

  it('says so when the drafts cannot be loaded', async () => {
    serve([], 400);
    show();
    expect(await screen.findByText('Your drafts could not be loaded.')).toBeTruthy();
  });

  it('shows a scheduled draft with its time and Unschedule; a plain one without', async () => {
    const commands = serve([draft('a', '2026-12-01T20:00:00.000Z'), draft('b', null)]);
    show();
    const [scheduled, plain] = await screen.findAllByTestId('studio-draft');
    expect(within(scheduled!).getByText(/Scheduled for/)).toBeTruthy();
    expect(within(scheduled!).getByRole('button', { name: /^Unschedule/ })).toBeTruthy();
    expect(within(plain!).queryByRole('button', { name: /^Unschedule/ })).toBeNull();
    fireEvent.click(within(scheduled!).getByRole('button', { name: /^Unschedule/ }));
    await waitFor(() => expect(commands).toEqual(['DELETE /api/drafts/a/schedule']));
  });

  it('deletes a draft only after the confirm', async () => {
    const commands = serve([draft('a', null)]);
    show();
    fireEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(commands).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Delete Opening/ }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this draft?' })).getByRole('button', {
        name: 'Delete draft',
      }),
    );
    await waitFor(() => expect(commands).toEqual(['DELETE /api/drafts/a']));
  });
});
