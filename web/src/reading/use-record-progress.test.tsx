// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { sessionWrapper } from '../testing/session-wrapper';
import { PROGRESS_INTERVAL_MS } from './progress-recorder';
import { readingKeys } from './reading-queries';
import { useRecordProgress } from './use-record-progress';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let placesSent: number[];
/** The order each place was sent with: the page that sent it and its count. */
let ordersSent: { writer: string; write: number }[];
/** A place whose answer the test holds back (a write still in flight). */
let heldSlide: number | undefined;
let progressAsked: number;
/** The session's check answers when the test says (the account is learnt a moment after opening). */
let sessionChecked: () => void;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.setItem(TOKEN_KEY, 'session-token');
  placesSent = [];
  ordersSent = [];
  heldSlide = undefined;
  progressAsked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/auth/me') {
        await new Promise<void>((resolve) => (sessionChecked = resolve));
        return json({ email: 'ann@example.com', is_subscribed: false });
      }
      if (path.endsWith('/progress') && init?.method === 'PUT') {
        const place = JSON.parse(String(init.body)) as { slide: number; order: (typeof ordersSent)[number] };
        placesSent.push(place.slide);
        ordersSent.push(place.order);
        if (place.slide === heldSlide) await new Promise(() => {});
        return json({});
      }
      if (path.endsWith('/progress')) progressAsked += 1;
      return json({ slide: placesSent.at(-1) ?? null, finished: false, saved: false });
    }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function reading(client = new QueryClient()) {
  return renderHook(
    ({ slide, startSlide }: { slide: number; startSlide: number }) =>
      useRecordProgress('s1', slide, false, startSlide),
    { wrapper: sessionWrapper(client), initialProps: { slide: 0, startSlide: 0 } },
  );
}

const aWriteFallsDue = () => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS);

describe('recording a signed-in reader’s place', () => {
  it('a place the server reports while the reader has moved on does not stop the next place being sent (the reader reopened one slide off)', async () => {
    const { rerender } = reading();
    rerender({ slide: 1, startSlide: 0 });
    await aWriteFallsDue();
    expect(placesSent).toEqual([1]);

    // The reader moves on, the page learns the stored place (1), the reader goes back to 1.
    rerender({ slide: 2, startSlide: 0 });
    rerender({ slide: 2, startSlide: 1 });
    rerender({ slide: 1, startSlide: 1 });
    await aWriteFallsDue();
    await aWriteFallsDue();
    expect(placesSent.at(-1)).toBe(1);
  });

  it('the account learnt after a place was sent does not stop the reader going back to where they resumed', async () => {
    const { rerender } = reading();
    rerender({ slide: 1, startSlide: 0 });
    await aWriteFallsDue();
    expect(placesSent).toEqual([1]);
    sessionChecked();
    await vi.advanceTimersByTimeAsync(0);
    rerender({ slide: 0, startSlide: 0 });
    await aWriteFallsDue();
    expect(placesSent).toEqual([1, 0]);
  });

  it('does not ask the server again for the place it has just written', async () => {
    const client = new QueryClient();
    client.setQueryData(readingKeys.progress('s1', 'session-token'), { slide: 0 });
    client.setQueryData(readingKeys.shelf('session-token', 'continue'), []);
    const { rerender } = reading(client);
    sessionChecked();
    rerender({ slide: 2, startSlide: 0 });
    await aWriteFallsDue();
    expect(placesSent).toEqual([2]);
    expect(client.getQueryState(readingKeys.shelf('session-token', 'continue'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(readingKeys.progress('s1', 'session-token'))?.isInvalidated).toBe(false);
    expect(progressAsked).toBe(0);
  });

  it("sends each place with this page's id and its count, the one sent on leaving too while another is unanswered, so the server keeps the later", async () => {
    const { rerender } = reading();
    rerender({ slide: 1, startSlide: 0 });
    await aWriteFallsDue();
    heldSlide = 2;
    rerender({ slide: 2, startSlide: 0 });
    await aWriteFallsDue();
    rerender({ slide: 3, startSlide: 0 });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);

    expect(placesSent).toEqual([1, 2, 3]);
    const [first] = ordersSent;
    expect(first?.writer).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(ordersSent).toEqual([1, 2, 3].map((write) => ({ writer: first?.writer, write })));
  });

  it('a page opened anew sends its places under a new id', async () => {
    const first = reading();
    first.rerender({ slide: 1, startSlide: 0 });
    await aWriteFallsDue();
    first.unmount();
    const second = reading();
    second.rerender({ slide: 2, startSlide: 0 });
    await aWriteFallsDue();
    expect(placesSent).toEqual([1, 2]);
    expect(ordersSent[0]?.writer).not.toBe(ordersSent[1]?.writer);
    expect(ordersSent[1]?.write).toBe(1);
  });
});
