// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { storyKeys } from '../stories/story-queries';
import { sessionWrapper } from '../testing/session-wrapper';
import { queuedActions, sendOrQueue } from './action-queue';
import { memoryCaches } from './fake-cache-storage';
import { accountKey, rememberOwner } from './kept-stories';
import { RESEND_PAUSES_MS, resendUntilSent } from './resend-queued';
import { useOfflineSync } from './use-kept';

// The real runs, watched, so that a case can hold one open and end it when it chooses.
vi.mock('./resend-queued', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./resend-queued')>();
  return { ...actual, resendUntilSent: vi.fn(actual.resendUntilSent) };
});

const ann = accountKey('ann@example.com');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
const likeTries = () => vi.mocked(fetch).mock.calls.filter(([path]) => String(path).endsWith('/like')).length;

let online: boolean;
/** What the server does with the next likes, in turn; then it answers 200. */
let likeAnswers: Array<'no answer' | 200>;
let likesSent: number;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('caches', memoryCaches());
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  localStorage.setItem(TOKEN_KEY, 'session-token');
  rememberOwner('session-token', ann);
  likeAnswers = [];
  likesSent = 0;
  vi.mocked(resendUntilSent).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/auth/me') return json({ email: 'ann@example.com', is_subscribed: false });
      if (path.endsWith('/like')) {
        if (!online || likeAnswers.shift() === 'no answer') return noAnswer();
        likesSent += 1;
        return json({ likes: likesSent });
      }
      return json({ detail: 'Not found' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function syncing(client = new QueryClient()) {
  renderHook(() => useOfflineSync(), { wrapper: sessionWrapper(client) });
  return client;
}

const [firstPause = 0] = RESEND_PAUSES_MS;

describe('the offline sync sends actions made offline', () => {
  it('a like made offline whose first send after reconnecting gets no answer lands after a pause, once, and the lists are read again', async () => {
    const client = syncing();
    const lists = vi.spyOn(client, 'invalidateQueries');
    await sendOrQueue(ann, 'POST', '/api/stories/s1/like');
    expect(queuedActions(ann)).toHaveLength(1);

    likeAnswers = ['no answer']; // the browser says online before its first request goes through
    setOnline(true);
    await vi.waitFor(() => expect(likeTries()).toBe(2));
    expect(likesSent).toBe(0);
    expect(queuedActions(ann)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(firstPause));
    expect(likesSent).toBe(1);
    expect(queuedActions(ann)).toEqual([]);
    expect(lists).toHaveBeenCalledWith({ queryKey: storyKeys.lists() });

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(likesSent).toBe(1);
  });

  it('a like that finds the server out of reach while the page is online is sent again without waiting for a reconnect', async () => {
    online = true;
    syncing();
    likeAnswers = ['no answer'];
    const result = await sendOrQueue(ann, 'POST', '/api/stories/s1/like');
    expect(result.sent).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(firstPause));
    await vi.waitFor(() => expect(queuedActions(ann)).toEqual([]));
    expect(likesSent).toBe(1);
  });

  it('going offline again stops the tries, and the next reconnect sends it', async () => {
    online = true;
    syncing();
    likeAnswers = ['no answer'];
    await sendOrQueue(ann, 'POST', '/api/stories/s1/like');
    setOnline(false);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(likeTries()).toBe(1);

    setOnline(true);
    await vi.waitFor(() => expect(queuedActions(ann)).toEqual([]));
    expect(likesSent).toBe(1);
  });

  it('an action queued while a resend run is ending is sent by another run, not left until the next reconnect', async () => {
    online = true;
    syncing();
    let endRun = () => {};
    vi.mocked(resendUntilSent).mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          endRun = resolve;
        }),
    );
    likeAnswers = ['no answer'];
    await sendOrQueue(ann, 'POST', '/api/stories/s1/like');
    expect(resendUntilSent).toHaveBeenCalledTimes(1);

    // The run ends with the like still queued, as a run does when the like came after its last
    // look at the queue; the like's own call for a run came while this one ran and was passed over.
    await act(async () => endRun());
    await act(() => vi.advanceTimersByTimeAsync(firstPause));
    await vi.waitFor(() => expect(queuedActions(ann)).toEqual([]));
    expect(resendUntilSent).toHaveBeenCalledTimes(2);
    expect(likesSent).toBe(1);
  });
});
