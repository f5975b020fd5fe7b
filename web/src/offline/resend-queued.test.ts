// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedActions, sendOrQueue } from './action-queue';
import { resendUntilSent } from './resend-queued';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const answer = (status: number) => Promise.resolve(new Response('{}', { status }));
const keysSent = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(
    ([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
  );

describe('sending queued actions again until they land', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('tries again after each pause while no answer comes or the server fails, and the like lands once with its key', async () => {
    fetch.mockImplementationOnce(offline);
    await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    const [queued] = queuedActions('ann');
    fetch.mockReset();
    fetch.mockImplementationOnce(offline).mockReturnValueOnce(answer(503)).mockReturnValueOnce(answer(200));
    const landed = vi.fn();

    const done = resendUntilSent('ann', {
      signal: new AbortController().signal,
      onLanded: landed,
      pauses: [100, 400],
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // the first pause: no answer
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(400); // the second: 503
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(landed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(399); // the last pause again
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await done;

    expect(fetch).toHaveBeenCalledTimes(3);
    expect(keysSent(fetch)).toEqual([queued?.key, queued?.key, queued?.key]);
    expect(landed).toHaveBeenCalledWith(1);
    expect(queuedActions('ann')).toEqual([]);
  });

  it('stops when told (offline again, another account), leaving the action queued', async () => {
    fetch.mockImplementation(offline);
    await sendOrQueue('ann', 'POST', '/api/stories/s1/like');
    const stop = new AbortController();
    const done = resendUntilSent('ann', { signal: stop.signal, pauses: [100] });
    await vi.advanceTimersByTimeAsync(250);
    expect(fetch).toHaveBeenCalledTimes(3); // the send, then two runs
    stop.abort();
    await done;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(queuedActions('ann')).toHaveLength(1);
  });

  it('sends nothing of another account, and ends at once with nothing queued', async () => {
    fetch.mockImplementationOnce(offline);
    await sendOrQueue('bob', 'POST', '/api/stories/s1/like');
    fetch.mockReset();
    await resendUntilSent('ann', { signal: new AbortController().signal });
    expect(fetch).not.toHaveBeenCalled();
    expect(queuedActions('bob')).toHaveLength(1);
  });
});
