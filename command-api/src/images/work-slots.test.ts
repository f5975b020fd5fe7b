import { describe, expect, it } from 'vitest';
import { UPLOADS_BUSY, WorkSlots } from './work-slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WorkSlots', () => {
  it('never runs more than its limit at once, and runs the waiting ones in order', async () => {
    const slots = new WorkSlots(2, 10);
    let running = 0;
    let highest = 0;
    const finish: (() => void)[] = [];
    const started: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      slots.run(async () => {
        started.push(i);
        running++;
        highest = Math.max(highest, running);
        await new Promise<void>((resolve) => finish.push(resolve));
        running--;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(slots.waiting).toBe(4);
    while (finish.length > 0) {
      finish.shift()!();
      await tick();
      await tick();
    }
    await Promise.all(jobs);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(highest).toBe(2);
    expect(slots.active).toBe(0);
  });

  it('refuses with 503 and Retry-After when the queue is full, and frees the slot after a failure', async () => {
    const slots = new WorkSlots(1, 1);
    const release = await slots.acquire();
    const queued = slots.acquire();
    await expect(slots.acquire()).rejects.toMatchObject({
      statusCode: 503,
      detail: UPLOADS_BUSY,
      headers: { 'Retry-After': '5' },
    });
    release();
    release(); // twice is once
    (await queued)();
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(slots.active).toBe(0);
  });
});
