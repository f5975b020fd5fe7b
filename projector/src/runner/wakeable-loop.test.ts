import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WakeableLoop } from './wakeable-loop';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A work function that returns the given results in turn, then 0 (idle) forever. */
function work(...results: (number | Error)[]) {
  const calls: number[] = [];
  const fn = async () => {
    calls.push(Date.now());
    const next = results.shift() ?? 0;
    if (next instanceof Error) throw next;
    return next;
  };
  return { fn, calls };
}

describe('WakeableLoop', () => {
  it('runs again at once while there is work, then backs off 50 ms doubling up to the maximum', async () => {
    const { fn, calls } = work(5, 5, 5);
    const loop = new WakeableLoop(fn, 400);
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.length).toBe(4); // three busy rounds and the first idle one, without sleeping
    await vi.advanceTimersByTimeAsync(50 + 100 + 200 + 400 + 400);
    expect(calls.map((t) => t - start)).toEqual([0, 0, 0, 0, 50, 150, 350, 750, 1150]);
    await loop.stop();
  });

  it('a wake-up hint ends the sleep at once and resets the back-off', async () => {
    const { fn, calls } = work();
    const loop = new WakeableLoop(fn, 10_000);
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(50 + 100 + 200 + 400 + 10); // now sleeping 800 ms
    expect(calls.length).toBe(5);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.length).toBe(6);
    expect(calls.at(-1)! - start).toBe(760);
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.length).toBe(7); // back to 50 ms
    await loop.stop();
  });

  it('a hint that arrives while working is not lost', async () => {
    let loop: WakeableLoop | undefined;
    let n = 0;
    const calls: number[] = [];
    loop = new WakeableLoop(async () => {
      calls.push(Date.now());
      n += 1;
      if (n === 3) loop?.wake(); // an "appended" message during a round that found nothing
      return 0;
    }, 10_000);
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(50 + 100);
    expect(calls.map((t) => t - start)).toEqual([0, 50, 150, 150]);
    await loop.stop();
  });

  it('reports errors and backs off instead of spinning', async () => {
    const errors: unknown[] = [];
    const { fn, calls } = work(new Error('database down'), new Error('database down'), 1);
    const loop = new WakeableLoop(fn, 2000, (error) => errors.push(error));
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(50 + 100);
    expect(errors).toHaveLength(2);
    expect(calls.map((t) => t - start)).toEqual([0, 50, 150, 150]);
    await loop.stop();
  });

  it('with a wake gap, a stream of hints starts one idle round per gap, and found work still runs at once', async () => {
    const { fn, calls } = work(0, 0, 3);
    const loop = new WakeableLoop(fn, 10_000, undefined, 100);
    const start = Date.now();
    loop.start();
    // A hint every 10 ms (an append group's each): rounds at 0, 100, then 200, which finds work
    // and is followed at once by the next.
    for (let t = 0; t < 250; t += 10) {
      loop.wake();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(calls.map((t) => t - start)).toEqual([0, 100, 200, 200]);
    await loop.stop();
  });

  it('stop() ends the loop during a wake gap', async () => {
    const { fn, calls } = work();
    const loop = new WakeableLoop(fn, 60_000, undefined, 60_000);
    loop.start();
    loop.wake();
    await vi.advanceTimersByTimeAsync(10);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.length).toBe(1);
  });

  it('stop() ends the loop even in the middle of a long sleep', async () => {
    const { fn, calls } = work();
    const loop = new WakeableLoop(fn, 60_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const before = calls.length;
    await loop.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.length).toBe(before);
  });
});
