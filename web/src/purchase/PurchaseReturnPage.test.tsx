// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATE_NOTICE_MS, PurchaseReturn } from './PurchaseReturnPage';

function serve(statuses: string[]) {
  let asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request | string) => {
      const url = typeof request === 'string' ? request : request.url;
      if (!url.includes('/api/payments/purchases/p1')) return new Response('{}', { status: 404 });
      const status = statuses[Math.min(asked++, statuses.length - 1)]!;
      const granted = status === 'paid';
      return new Response(
        JSON.stringify({
          purchase_id: 'p1',
          status,
          amount: 15,
          premium_granted: granted,
          granted_position: granted ? 42 : null,
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
}

const show = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <PurchaseReturn token="session-token" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the page the processor sends the reader back to', () => {
  it('waits for the confirmation, says plainly when it is late, and updates by itself when it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    serve(['pending', 'pending', 'paid']);
    show('/purchase/return?purchase=p1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting for the payment processor to confirm your payment.',
    );
    vi.advanceTimersByTime(LATE_NOTICE_MS);
    expect((await screen.findByText(/has not confirmed your payment yet/)).textContent).toContain(
      'This page updates by itself',
    );
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' }, { timeout: 6000 })).toBeTruthy();
  }, 15_000);

  it('says a declined payment charged nothing, without asking the server', async () => {
    serve([]);
    show('/purchase/return?purchase=p1&declined=1');
    expect(screen.getByRole('heading', { name: 'Payment declined' })).toBeTruthy();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
