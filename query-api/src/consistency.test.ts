import { MemoryNotifier } from '@nocturne/notify';
import { describe, expect, it } from 'vitest';
import { Consistency, type PositionSource } from './consistency';

/** A source whose checkpoint reads are scripted: each call runs the next step. */
function scriptedSource(head: number, steps: Array<() => number>): PositionSource & { reads: number } {
  const source = {
    reads: 0,
    async projected() {
      const step = steps[Math.min(source.reads, steps.length - 1)]!;
      source.reads++;
      return step();
    },
    async head() {
      return head;
    },
  };
  return source;
}

describe('Consistency (the read-your-writes waiter)', () => {
  it('does not lose a notification that arrives while its first check is under way', async () => {
    const notifier = new MemoryNotifier();
    // The first check reads the checkpoint just before the batch commits; the batch's
    // "projected up to 5" arrives before that read returns. The poll is a minute away, so only
    // the remembered notification can bring the second check in time.
    const source = scriptedSource(5, [
      () => {
        notifier.publishProjected(5);
        return 4;
      },
      () => 5,
    ]);
    const consistency = new Consistency(source, notifier, { timeoutMs: 120_000, pollMs: 60_000 });
    const started = Date.now();
    await expect(consistency.waitFor(5)).resolves.toEqual({ kind: 'ready', projected: 5 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(source.reads).toBe(2);
    consistency.close();
  });

  it('is woken by a later notification, not by the poll', async () => {
    const notifier = new MemoryNotifier();
    let projected = 3;
    const source = scriptedSource(9, [() => projected]);
    const consistency = new Consistency(source, notifier, { timeoutMs: 120_000, pollMs: 60_000 });
    const waiting = consistency.waitFor(7);
    setTimeout(() => {
      projected = 7;
      notifier.publishProjected(7);
    }, 20);
    await expect(waiting).resolves.toEqual({ kind: 'ready', projected: 7 });
    expect(consistency.known()).toBe(7);
    consistency.close();
  });

  it('polls as the fallback when no notification comes', async () => {
    let projected = 1;
    const source = scriptedSource(2, [() => projected]);
    const consistency = new Consistency(source, new MemoryNotifier(), { timeoutMs: 5000, pollMs: 10 });
    setTimeout(() => {
      projected = 2;
    }, 30);
    await expect(consistency.waitFor(2)).resolves.toEqual({ kind: 'ready', projected: 2 });
    consistency.close();
  });

  it('answers at once, without waiting, for a position beyond the head of the log', async () => {
    const source = scriptedSource(10, [() => 10]);
    const consistency = new Consistency(source, new MemoryNotifier(), { timeoutMs: 60_000 });
    const started = Date.now();
    await expect(consistency.waitFor(11)).resolves.toEqual({ kind: 'beyond-head', head: 10 });
    expect(Date.now() - started).toBeLessThan(500);
    consistency.close();
  });

  it('gives up after the timeout when the projector is stuck', async () => {
    const source = scriptedSource(10, [() => 4]);
    const consistency = new Consistency(source, new MemoryNotifier(), { timeoutMs: 80, pollMs: 10 });
    const started = Date.now();
    await expect(consistency.waitFor(8)).resolves.toEqual({ kind: 'timeout', projected: 4 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(source.reads).toBeGreaterThan(2);
    consistency.close();
  });
});
