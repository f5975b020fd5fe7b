import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type EventStore, type NewEvent, type StoredEvent, WrongExpectedRevisionError } from '../port';
import type { ContractTarget } from './event-store-contract';
import { newEvent } from './event-store-contract';

export interface ConcurrencyPlan {
  writers: number;
  /** Events to commit in all (the writers stop once this many are committed). */
  events: number;
  /** Few streams for many writers, so that they overlap and conflict. */
  streams: number;
  subscribers: number;
  /** Store instances the writers are spread over, when the target can open more (see connectWriter). */
  instances: number;
  timeoutMs: number;
}

export const defaultPlan: ConcurrencyPlan = {
  writers: 8,
  events: 5_000,
  streams: 16,
  subscribers: 2,
  instances: 4,
  timeoutMs: 100_000,
};

interface CommittedBatch {
  stream: string;
  ids: string[];
  nextRevision: number;
  position: number;
}

/** A live subscriber from position 0 that stops once it has seen `target` events of this run. */
function startSubscriber(store: EventStore, prefix: string, batchSize: number) {
  const controller = new AbortController();
  const seen: StoredEvent[] = [];
  let ours = 0;
  let target = Number.POSITIVE_INFINITY;
  const running = (async () => {
    for await (const event of store.subscribe({ after: 0, signal: controller.signal, batchSize })) {
      seen.push(event);
      if (event.streamName.startsWith(prefix)) ours += 1;
      if (ours >= target) break;
    }
  })();
  // Awaited in finish(); when the writers fail first, the test reports their error instead.
  running.catch(() => {});
  return {
    seen,
    async finish(expected: number, timeoutMs: number): Promise<void> {
      target = expected;
      if (ours >= target) controller.abort();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`subscriber saw ${ours} of ${expected} events before the timeout`));
        }, timeoutMs);
      });
      try {
        await Promise.race([running, timeout]);
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
    },
    stop: () => controller.abort(),
  };
}

/**
 * Many writers append to a few shared streams with exact expected revisions (so they conflict
 * and retry) while subscribers read live from the start. Then: every subscriber saw every
 * committed event exactly once in one global order, every stream holds exactly the committed
 * batches at contiguous revisions, and nothing of a refused batch was stored.
 */
export function concurrentWritersContract(
  open: () => Promise<ContractTarget>,
  plan: ConcurrencyPlan = defaultPlan,
): void {
  let target: ContractTarget;
  beforeAll(async () => {
    target = await open();
  });
  afterAll(async () => {
    await target?.teardown();
  });

  it(`${plan.writers} writers append ${plan.events} events to ${plan.streams} shared streams while ${plan.subscribers} subscribers follow live`, async () => {
    const store = target.store;
    const started = Date.now();
    const prefix = `conc${randomUUID().slice(0, 8)}-`;
    const streams = Array.from({ length: plan.streams }, (_, i) => `${prefix}${i}`);
    const subscribers = Array.from({ length: plan.subscribers }, (_, i) =>
      startSubscriber(store, prefix, i === 0 ? 500 : 7),
    );

    const committed: CommittedBatch[] = [];
    const refusedIds = new Set<string>();
    let committedEvents = 0;
    let conflicts = 0;
    let appends = 0;
    const batchOf = (): NewEvent[] =>
      Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => newEvent('Concurrent'));

    const instances = target.connectWriter
      ? await Promise.all(Array.from({ length: plan.instances }, () => target.connectWriter!()))
      : [store];

    async function writer(index: number): Promise<void> {
      const own = instances[index % instances.length]!;
      const known = new Map<string, number>();
      while (committedEvents < plan.events) {
        if (Date.now() - started > plan.timeoutMs) throw new Error('writers ran out of time');
        const stream = streams[Math.floor(Math.random() * streams.length)]!;
        let batch = batchOf();
        for (;;) {
          const revision = known.get(stream) ?? -1;
          appends += 1;
          try {
            const result = await own.append(stream, batch, revision === -1 ? 'no_stream' : revision);
            committed.push({ stream, ids: batch.map((e) => e.eventId), ...result });
            committedEvents += batch.length;
            known.set(stream, result.nextRevision);
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            conflicts += 1;
            expect(error.streamName).toBe(stream);
            expect(error.actual).not.toBe(revision);
            known.set(stream, error.actual);
            // Half the time retry the same events (a retry must not find any of them stored),
            // half the time give them up (they must never appear anywhere).
            if (Math.random() < 0.5) {
              for (const e of batch) refusedIds.add(e.eventId);
              batch = batchOf();
            }
          }
        }
      }
    }

    try {
      await Promise.all(Array.from({ length: plan.writers }, (_, i) => writer(i)));
    } catch (error) {
      for (const s of subscribers) s.stop();
      throw error;
    } finally {
      if (target.connectWriter) await Promise.all(instances.map((s) => s.close()));
    }
    const wrote = Date.now();
    const remaining = Math.max(5_000, plan.timeoutMs - (wrote - started));
    await Promise.all(subscribers.map((s) => s.finish(committedEvents, remaining)));
    const followed = Date.now();

    expect(committedEvents).toBeGreaterThanOrEqual(plan.events);
    expect(conflicts).toBeGreaterThan(0);

    // Each stream: exactly the committed batches, in revision order, at contiguous revisions.
    const committedIds = new Set<string>();
    const positionOf = new Map<string, number>();
    for (const stream of streams) {
      const batches = committed
        .filter((b) => b.stream === stream)
        .sort((a, b) => a.nextRevision - b.nextRevision);
      const stored = await store.readStream(stream);
      expect(stored.map((e) => e.streamRevision)).toEqual(stored.map((_, i) => i));
      expect(stored.map((e) => e.eventId)).toEqual(batches.flatMap((b) => b.ids));
      let revision = -1;
      for (const batch of batches) {
        revision += batch.ids.length;
        expect(batch.nextRevision).toBe(revision);
        expect(stored[revision]!.position).toBe(batch.position);
      }
      for (const event of stored) {
        committedIds.add(event.eventId);
        positionOf.set(event.eventId, event.position);
      }
    }
    expect(committedIds.size).toBe(committedEvents);
    for (const id of refusedIds) expect(committedIds.has(id)).toBe(false);

    // Every subscriber: every committed event exactly once, in one strictly increasing order,
    // the same sequence for all of them.
    const sequences = subscribers.map((s) => {
      const positions = s.seen.map((e) => e.position);
      expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
      if (target.gapFreePositions) expect(positions).toEqual(positions.map((_, i) => i + 1));
      const ours = s.seen.filter((e) => e.streamName.startsWith(prefix));
      expect(ours).toHaveLength(committedEvents);
      expect(new Set(ours.map((e) => e.eventId))).toEqual(committedIds);
      for (const event of ours) expect(event.position).toBe(positionOf.get(event.eventId));
      return ours.map((e) => `${e.position}:${e.eventId}`);
    });
    for (const sequence of sequences.slice(1)) expect(sequence).toEqual(sequences[0]);

    console.log(
      `[concurrency:${store.kind}] ${plan.writers} writers on ${instances.length} store instance(s), ${streams.length} streams: ${committedEvents} events in ${committed.length} appends committed, ${conflicts} conflicts refused (${appends} attempts, ${refusedIds.size} events given up) in ${wrote - started} ms; ${plan.subscribers} subscribers caught up ${followed - wrote} ms later`,
    );
  });
}
