import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressRecorder } from './progress-recorder';

describe('recording progress while scrolling', () => {
  let sent: [number, boolean][];
  let recorder: ProgressRecorder;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    recorder = new ProgressRecorder((slide, keepalive) => sent.push([slide, keepalive]), 0, 3000);
  });
  afterEach(() => vi.useRealTimers());

  it('writes the latest slide once per interval, however many are passed', () => {
    recorder.seen(1);
    recorder.seen(2);
    recorder.seen(3);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(3000);
    expect(sent).toEqual([[3, false]]);
    recorder.seen(4);
    vi.advanceTimersByTime(2999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      [3, false],
      [4, false],
    ]);
  });

  it('writes nothing for the slide already stored', () => {
    recorder.seen(2);
    recorder.seen(0);
    vi.advanceTimersByTime(3000);
    recorder.flush(true);
    expect(sent).toEqual([]);
  });

  it('sends what is pending at once on leaving, with keepalive, and never twice', () => {
    recorder.seen(5);
    recorder.flush(true);
    expect(sent).toEqual([[5, true]]);
    vi.advanceTimersByTime(3000);
    recorder.flush(true);
    expect(sent).toEqual([[5, true]]);
  });
});
