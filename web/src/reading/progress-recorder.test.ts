import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressRecorder } from './progress-recorder';

/** A write the test answers when it chooses. */
interface Write {
  slide: number;
  keepalive: boolean;
  answer: () => Promise<void>;
  fail: () => Promise<void>;
}

describe('recording progress while scrolling', () => {
  let sent: Write[];
  let recorder: ProgressRecorder;
  const slidesSent = () => sent.map(({ slide, keepalive }) => [slide, keepalive]);
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    recorder = new ProgressRecorder(
      (slide, keepalive) =>
        new Promise<void>((resolve, reject) => {
          // Settling lets the recorder's own promise callbacks run before the test goes on.
          const settle = (done: () => void) => async () => {
            done();
            await vi.advanceTimersByTimeAsync(0);
          };
          sent.push({
            slide,
            keepalive,
            answer: settle(resolve),
            fail: settle(() => reject(new TypeError('Failed to fetch'))),
          });
        }),
      0,
      3000,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('writes the latest slide once per interval, however many are passed', async () => {
    recorder.seen(1);
    recorder.seen(2);
    recorder.seen(3);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(3000);
    expect(slidesSent()).toEqual([[3, false]]);
    await sent[0]?.answer();
    recorder.seen(4);
    vi.advanceTimersByTime(2999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(slidesSent()).toEqual([
      [3, false],
      [4, false],
    ]);
  });

  it('writes nothing for the slide already stored', () => {
    recorder.seen(2);
    recorder.seen(0);
    vi.advanceTimersByTime(3000);
    recorder.leave();
    expect(sent).toEqual([]);
  });

  it('sends what is pending at once when the page goes away, with keepalive, and never twice', () => {
    recorder.seen(5);
    recorder.leave();
    expect(slidesSent()).toEqual([[5, true]]);
    vi.advanceTimersByTime(3000);
    recorder.leave();
    recorder.flush();
    expect(slidesSent()).toEqual([[5, true]]);
  });

  it('a reader who goes back while a place is unanswered: the earlier place is answered before the later is sent', async () => {
    recorder.seen(1);
    recorder.seen(2);
    vi.advanceTimersByTime(3000);
    recorder.seen(1); // back, while 2 is unanswered
    vi.advanceTimersByTime(3000);
    expect(slidesSent()).toEqual([[2, false]]);
    recorder.seen(2);
    recorder.seen(1);
    vi.advanceTimersByTime(3000);
    expect(slidesSent()).toEqual([[2, false]]);

    await sent[0]?.answer();
    expect(slidesSent()).toEqual([
      [2, false],
      [1, false],
    ]);
  });

  it('leaving the reader while a place is unanswered sends the last one after it, with keepalive', async () => {
    recorder.seen(2);
    vi.advanceTimersByTime(3000);
    recorder.seen(1);
    recorder.flush();
    expect(slidesSent()).toEqual([[2, false]]);
    await sent[0]?.answer();
    expect(slidesSent()).toEqual([
      [2, false],
      [1, true],
    ]);
  });

  it('the page going away while a place is unanswered sends the last one at once: nothing runs after', () => {
    recorder.seen(2);
    vi.advanceTimersByTime(3000);
    recorder.seen(1);
    recorder.leave();
    expect(slidesSent()).toEqual([
      [2, false],
      [1, true],
    ]);
  });

  it('a write that failed does not hold back the next', async () => {
    recorder.seen(2);
    vi.advanceTimersByTime(3000);
    recorder.seen(3);
    vi.advanceTimersByTime(3000);
    await sent[0]?.fail();
    expect(slidesSent()).toEqual([
      [2, false],
      [3, false],
    ]);
    await sent[1]?.answer();
    recorder.seen(4);
    vi.advanceTimersByTime(3000);
    expect(slidesSent()).toHaveLength(3);
  });
});
