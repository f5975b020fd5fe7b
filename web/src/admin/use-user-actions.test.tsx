// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../ui/Toast';
import { type UserAction, useUserActions } from './use-user-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ action }: { action: UserAction }) {
  const { ask, dialog } = useUserActions('admin-token');
  return (
    <>
      <button type="button" onClick={() => ask(action, 'ada@example.com')}>
        Ask
      </button>
      {dialog}
    </>
  );
}

function renderAsking(action: UserAction) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <Harness action={action} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
}

function answering(status: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response(status < 300 ? '{}' : '{"detail":"no"}', {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('the users actions', () => {
  it("asks before deleting in the product's words, then deletes and says so", async () => {
    const calls = answering(200);
    renderAsking('delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog.textContent).toContain('Are you sure you want to delete user ada@example.com?');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByText('User deleted successfully!')).textContent).toBeTruthy();
    expect(calls).toEqual(['DELETE /api/admin/users/ada%40example.com']);
  });

  it('a cancelled grant sends nothing; a refused one says it failed', async () => {
    const calls = answering(404);
    renderAsking('grant');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant Premium?' });
    fireEvent.click(dialog.querySelector('.btn--secondary')!);
    expect((await screen.findByText('Failed to update user subscription')).textContent).toBeTruthy();
    expect(calls).toEqual(['PUT /api/admin/users/ada%40example.com/subscription']);
  });
});
