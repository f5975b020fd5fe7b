// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_QUEUE_KEY, confirmed, flushActions, queuedActions, sendOrQueue } from './action-queue';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const answer = (status: number, body: unknown = {}) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
const keysSent = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>)
    .map((h) => h['Idempotency-Key']);

describe('actions made offline', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are sent at once when the server answers, with a key, and not queued', async () => {
    fetch.mockReturnValueOnce(answer(200, { likes: 3 }));
    const result = await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    expect(await confirmed(result)).toBe(true);
    expect(keysSent(fetch)[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(queuedActions()).toEqual([]);
  });

  it('are queued with the key made when the reader acted, and sent with it on reconnect, once', async () => {
    fetch.mockImplementationOnce(offline);
    const result = await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    expect(result.sent).toBe(false);
    expect(await confirmed(result)).toBe(false);
    const [queued] = queuedActions('ann');
    expect(queued).toMatchObject({ method: 'POST', path: '/api/stories/s1/like' });

    fetch.mockImplementationOnce(offline); // still offline at the first try: kept
    expect(await flushActions('ann')).toBe(0);
    expect(queuedActions('ann')).toHaveLength(1);

    fetch.mockReturnValueOnce(answer(200, { likes: 4 }));
    expect(await flushActions('ann')).toBe(1);
    expect(await flushActions('ann')).toBe(0);
    expect(keysSent(fetch)).toEqual([queued?.key, queued?.key, queued?.key]);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem(ACTION_QUEUE_KEY)).toBeNull();
  });

  it('keep their order and their bodies, and a second flush at the same time sends nothing twice', async () => {
    fetch.mockImplementation(offline);
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 2 });
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/finished');
    fetch.mockReset();
    fetch.mockImplementation(() => answer(200));
    const [a, b] = await Promise.all([flushActions('ann'), flushActions('ann')]);
    expect(a).toBe(2);
    expect(b).toBe(2); // the same run
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/stories/s1/progress',
      '/api/stories/s1/finished',
    ]);
    const [, first] = fetch.mock.calls[0] ?? [];
    expect(JSON.parse((first as RequestInit).body as string)).toEqual({ slide: 2 });
  });

  it('of another account are never sent by this one', async () => {
    fetch.mockImplementation(offline);
    await sendOrQueue('bob', 'POST', '/api/stories/s1/like');
    fetch.mockReset();
    fetch.mockImplementation(() => answer(200));
    expect(await flushActions('ann')).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(queuedActions('bob')).toHaveLength(1);
  });

  it('leave the queue on a refusal, and stay on a server error', async () => {
    fetch.mockImplementation(offline);
    await sendOrQueue('ann', 'POST', '/api/stories/gone/like');
    await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    fetch.mockReset();
    fetch.mockReturnValueOnce(answer(404)).mockReturnValueOnce(answer(500));
    expect(await flushActions('ann')).toBe(0);
    expect(queuedActions('ann').map((a) => a.path)).toEqual(['/api/stories/s1/like']);
  });

  it('a place queued offline replaces the earlier place queued for the same story, and nothing else', async () => {
    fetch.mockImplementation(offline);
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 2 });
    await sendOrQueue('ann', 'PUT', '/api/stories/s2/progress', { slide: 1 });
    await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    await sendOrQueue('bob', 'PUT', '/api/stories/s1/progress', { slide: 3 });
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 4 });
    expect(queuedActions().map(({ account, path, body }) => [account, path, body])).toEqual([
      ['ann', '/api/stories/s2/progress', { slide: 1 }],
      ['ann', '/api/stories/s1/like', undefined],
      ['bob', '/api/stories/s1/progress', { slide: 3 }],
      ['ann', '/api/stories/s1/progress', { slide: 4 }],
    ]);
  });

  it('a place stored online drops the older place still queued, so a reconnect does not undo it', async () => {
    fetch.mockImplementationOnce(offline);
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 5 });
    fetch.mockReturnValueOnce(answer(200));
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 2 });
    expect(queuedActions('ann')).toEqual([]);
    expect(await flushActions('ann')).toBe(0);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a place stored online with nothing queued leaves the storage alone', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    fetch.mockReturnValueOnce(answer(200));
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 2 });
    const queueWrites = [...setItem.mock.calls, ...removeItem.mock.calls].filter(
      ([key]) => key === ACTION_QUEUE_KEY,
    );
    expect(queueWrites).toEqual([]);
    setItem.mockRestore();
    removeItem.mockRestore();
  });

  it('a place refused online leaves the older place queued', async () => {
    fetch.mockImplementationOnce(offline);
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 5 });
    fetch.mockReturnValueOnce(answer(400));
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 99 });
    expect(queuedActions('ann').map((action) => action.body)).toEqual([{ slide: 5 }]);
  });

  it('a reconnect under way does not send a place superseded while it ran', async () => {
    fetch.mockImplementation(offline);
    await sendOrQueue('ann', 'POST', '/api/stories/s2/like');
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 5 });
    fetch.mockReset();
    let answerLike = (_: Response) => {};
    fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answerLike = resolve)));
    const flushed = flushActions('ann');
    fetch.mockReturnValueOnce(answer(200));
    await sendOrQueue('ann', 'PUT', '/api/stories/s1/progress', { slide: 2 });
    answerLike(new Response('{}', { status: 200 }));
    expect(await flushed).toBe(1);
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/stories/s2/like',
      '/api/stories/s1/progress',
    ]);
    const [, second] = fetch.mock.calls[1] ?? [];
    expect(JSON.parse((second as RequestInit).body as string)).toEqual({ slide: 2 });
  });
});
