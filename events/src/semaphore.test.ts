import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

/** A task that runs until it is let go, recording how many ran at once. */
function gatedTasks() {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const release: (() => void)[] = [];
  const task =
    (n: number, fail = false) =>
    async () => {
      running++;
      most = Math.max(most, running);
      started.push(n);
      await new Promise<void>((resolve) => release.push(resolve));
      running--;
      if (fail) throw new Error(`task ${n} failed`);
      return n;
    };
  const letOneGo = async () => {
    release.shift()?.();
    // Let the finished task's continuation and the next task's start run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { task, letOneGo, started, most: () => most };
}

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, the others in the order they came', async () => {
    const gate = new Semaphore(2);
    const tasks = gatedTasks();
    const results = [1, 2, 3, 4, 5].map((n) => gate.run(tasks.task(n)));
    await tasks.letOneGo();
    expect(tasks.started).toEqual([1, 2, 3]);
    for (let i = 0; i < 4; i++) await tasks.letOneGo();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(tasks.started).toEqual([1, 2, 3, 4, 5]);
    expect(tasks.most()).toBe(2);
  });

  it('frees the slot of a task that fails, and the failure reaches its caller', async () => {
    const gate = new Semaphore(1);
    const tasks = gatedTasks();
    const failing = gate.run(tasks.task(1, true));
    const next = gate.run(tasks.task(2));
    await tasks.letOneGo();
    await expect(failing).rejects.toThrow('task 1 failed');
    await tasks.letOneGo();
    expect(await next).toBe(2);
    expect(tasks.most()).toBe(1);
  });
});
