// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntegrityPanel } from './IntegrityPanel';
import type { IntegrityCheck } from './integrity-api';

const base = {
  phase: null,
  done: 0,
  total: 0,
  started_at: null,
  finished_at: null,
  outcome: null,
  error: null,
};
const never = (kind: IntegrityCheck['kind']): IntegrityCheck => ({ ...base, kind, state: 'never' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server as the panel sees it: each kind's answers in turn, the last one repeated. */
function serve(answers: Record<string, IntegrityCheck[]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(`http://localhost${input}`, init);
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path} ${request.headers.get('X-Admin-Code')}`);
      const queue = answers[path.split('/').at(-1)!]!;
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(answer), {
        status: request.method === 'POST' ? 202 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <IntegrityPanel token="admin-token" />
    </QueryClientProvider>,
  );
}

describe('the Log integrity panel', () => {
  it('starts the log check, shows its progress while it runs, then the result with the head hash', async () => {
    const running: IntegrityCheck = {
      ...base,
      kind: 'log',
      state: 'running',
      phase: 'hashing',
      done: 400,
      total: 1000,
    };
    const hash = 'ab'.repeat(32);
    const calls = serve({
      log: [
        never('log'),
        running,
        {
          ...running,
          state: 'done',
          done: 1000,
          finished_at: '2026-11-27T05:00:00.000Z',
          outcome: {
            ok: true,
            summary: `Intact through position 1000. Head hash: ${hash}`,
            position: 1000,
            head_hash: hash,
            differences: [],
          },
        },
      ],
      'read-models': [never('read-models')],
    });
    show();
    const log = screen.getByRole('article', { name: 'Event log' });
    expect(await within(log).findByText('Not run yet.')).toBeTruthy();
    await userEvent.click(within(log).getByRole('button', { name: 'Verify the log' }));
    expect(await within(log).findByRole('progressbar', { name: 'hashing: 40%' })).toBeTruthy();
    expect(
      await within(log).findByText(`Intact through position 1000. Head hash: ${hash}`, {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(calls).toContain('POST /api/admin/integrity/log admin-token');
  });

  it('lists each difference the read-model check found', async () => {
    serve({
      log: [never('log')],
      'read-models': [
        {
          ...base,
          kind: 'read-models',
          state: 'done',
          outcome: {
            ok: false,
            summary: '1 difference(s) at position 42.',
            position: 42,
            head_hash: null,
            differences: [{ table: 'stories', key: '["s1"]', column: 'likes', live: '12', rebuilt: '5' }],
          },
        },
      ],
    });
    show();
    const models = screen.getByRole('article', { name: 'Read models' });
    expect(await within(models).findByText('1 difference(s) at position 42.')).toBeTruthy();
    const cells = within(models)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['stories', '["s1"]', 'likes', '12', '5']);
  });
});
