// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReconciliationPanel } from './ReconciliationPanel';
import type { ReconciliationNights } from './reconciliation-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(answer: ReconciliationNights) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(`http://localhost${input}`, init);
      calls.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('X-Admin-Code')}`);
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReconciliationPanel token="admin-token" />
    </QueryClientProvider>,
  );
}

describe('the Reconciliation panel', () => {
  it("shows each night's counts and every difference with both sides and its purchase", async () => {
    const calls = serve({
      nights: [
        {
          provider: 'ccbill',
          day: '2026-03-01',
          processor_transactions: 3,
          logged_transactions: 3,
          matched: 2,
          reconciled_at: '2026-03-02T03:10:00.000Z',
          differences: [
            {
              transaction_id: '1000000001',
              kind: 'sale',
              issue: 'missing_here',
              here: null,
              there: { amount: 15, currency: 'USD' },
              purchase_id: null,
              account_id: null,
            },
            {
              transaction_id: '1000000002',
              kind: 'sale',
              issue: 'missing_there',
              here: { amount: 15, currency: 'USD' },
              there: null,
              purchase_id: 'purchase-2',
              account_id: 'account-2',
            },
          ],
        },
        {
          provider: 'ccbill',
          day: '2026-02-28',
          processor_transactions: 1,
          logged_transactions: 1,
          matched: 1,
          reconciled_at: '2026-03-01T03:10:00.000Z',
          differences: [],
        },
      ],
    });
    show();
    const night = await screen.findByRole('article', { name: '2026-03-01 ccbill' });
    expect(night.textContent).toContain(
      '2 matched · 1 missing here · 1 missing there · 0 amount differences',
    );
    const rows = within(night).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1000000001salePaid at the processor, not here—15.00 USDnone here',
      '1000000002saleHere, not at the processor15.00 USD—purchase-2 (account account-2)',
    ]);
    expect(screen.getByRole('article', { name: '2026-02-28 ccbill' }).textContent).toContain('1 matched');
    expect(calls).toEqual(['GET /api/admin/audit/reconciliations admin-token']);
  });

  it('says so when no night has been reconciled', async () => {
    serve({ nights: [] });
    show();
    expect(await screen.findByText('No night has been reconciled yet.')).toBeTruthy();
  });
});
