// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Client = typeof import('./client');

/** A fresh copy of the client module, as after a reload of the tab (session storage survives). */
async function reloadClient(): Promise<Client> {
  vi.resetModules();
  return import('./client');
}

function answer(status: number, headers: Record<string, string> = {}, body: unknown = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** fetch replaced by scripted answers; records the X-Min-Position each request carried. */
function scriptFetch(answers: Response[]) {
  const sent: Array<{ method: string; minPosition: string | undefined; key: string | undefined }> = [];
  const fetchMock = vi.fn(async (_path: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({
      method: init.method ?? 'GET',
      minPosition: headers['X-Min-Position'],
      key: headers['Idempotency-Key'],
    });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the API client (read-your-writes in the SPA)', () => {
  it('keeps the highest position across a reload of the tab (session storage)', async () => {
    let client = await reloadClient();
    const sent = scriptFetch([
      answer(200, { 'X-Event-Position': '42' }),
      answer(200, { 'X-Event-Position': '7' }),
    ]);
    await client.apiFetch('/api/stories/1/like', { method: 'POST' });
    await client.apiFetch('/api/stories/2/like', { method: 'POST' });
    expect(client.minPosition()).toBe(42);

    client = await reloadClient();
    expect(client.minPosition()).toBe(42);
    const afterReload = scriptFetch([answer(200)]);
    await client.api('/api/stories');
    expect(afterReload[0]?.minPosition).toBe('42');
    expect(sent[1]?.minPosition).toBe('42');
  });

  it('asks a query once more after a 503 with Retry-After, then gives the second answer', async () => {
    vi.useFakeTimers();
    const client = await reloadClient();
    const sent = scriptFetch([
      answer(503, { 'Retry-After': '1' }, { detail: 'not yet' }),
      answer(200, {}, []),
    ]);
    const result = client.api<unknown[]>('/api/stories');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('retries a 503 only once, and never a 503 without Retry-After', async () => {
    const client = await reloadClient();
    let sent = scriptFetch([answer(503, { 'Retry-After': '0' }), answer(503, { 'Retry-After': '0' })]);
    await expect(client.api('/api/stories')).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(2);

    sent = scriptFetch([answer(503)]);
    await expect(client.api('/api/stories')).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);

    sent = scriptFetch([answer(503)]);
    await expect(client.api('/api/stories/1/like', { method: 'POST' })).rejects.toMatchObject({
      status: 503,
    });
    expect(sent).toHaveLength(1);
  });

  it('sends a command with an Idempotency-Key of its own, and retries a 503 with Retry-After once with the same key', async () => {
    const client = await reloadClient();
    const sent = scriptFetch([answer(503, { 'Retry-After': '0' }), answer(200, {}, { likes: 3 })]);
    await expect(client.api('/api/stories/1/like', { method: 'POST' })).resolves.toEqual({ likes: 3 });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);

    const next = scriptFetch([answer(200), answer(200)]);
    await client.apiFetch('/api/stories/1/like', { method: 'POST' });
    await client.apiFetch('/api/stories', {});
    expect(next[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(next[0]?.key).not.toBe(sent[0]?.key);
    expect(next[1]?.key).toBeUndefined();
  });

  it('a 401 or 402 is answered at once, never asked again', async () => {
    const client = await reloadClient();
    const sent = scriptFetch([
      answer(401, {}, { detail: 'Login required' }),
      answer(402, {}, { detail: 'x' }),
    ]);
    expect((await client.apiFetch('/api/stories/p')).status).toBe(401);
    expect((await client.apiFetch('/api/stories/p')).status).toBe(402);
    expect(sent).toHaveLength(2);
  });

  it('forgets a stored position beyond the server log head (a reset data directory) and asks again', async () => {
    sessionStorage.setItem('nocturne.minPosition', '900');
    const client = await reloadClient();
    const sent = scriptFetch([
      answer(400, { 'X-Event-Log-Head': '12' }, { detail: 'beyond' }),
      answer(200, {}, []),
    ]);
    await expect(client.api('/api/stories')).resolves.toEqual([]);
    expect(sent.map((s) => s.minPosition)).toEqual(['900', '12']);
    expect(sessionStorage.getItem('nocturne.minPosition')).toBe('12');
  });
});
