import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventIdConflictError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
  WrongExpectedRevisionError,
} from '../port';
import { collectFeed } from './collect-feed';

/** What an adapter's test file hands to the contract: how to open a store, and how to clean up. */
export interface ContractTarget {
  store: EventStore;
  /** True for the Postgres store: positions are 1, 2, 3, ... with no gap. */
  gapFreePositions: boolean;
  /**
   * Another store instance on the same database (its own connections), as another process
   * would have. The concurrency test gives each writer one, so that their appends race in the
   * database and not only inside one instance. Instances are closed by the test.
   */
  connectWriter?: () => Promise<EventStore>;
  teardown(): Promise<void>;
}

/** A unique stream name: the EventStoreDB under test may be shared and keeps earlier runs. */
export function uniqueStream(label: string): string {
  return `${label}-${randomUUID().replaceAll('-', '')}`;
}

export function newEvent(type = 'ContractTested', data: Record<string, unknown> = {}): NewEvent {
  return {
    eventId: randomUUID(),
    type,
    data: { ...data, nested: { list: [1, 'two', null], flag: true } },
    metadata: { correlationId: 'corr', causationId: 'cause', actor: { kind: 'system' }, schemaVersion: 1 },
  };
}

async function conflictOf(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

/**
 * The contract every EventStore adapter must meet. Call inside a `describe` of the adapter's
 * test file; `open` runs once before the tests, `teardown` once after.
 */
export function eventStoreContract(open: () => Promise<ContractTarget>): void {
  let target: ContractTarget;
  let store: EventStore;
  beforeAll(async () => {
    target = await open();
    store = target.store;
  });
  afterAll(async () => {
    await target?.teardown();
  });

  async function seed(stream: string, count: number): Promise<NewEvent[]> {
    const events = Array.from({ length: count }, (_, i) => newEvent('Seeded', { i }));
    await store.append(stream, events, 'no_stream');
    return events;
  }

  async function expectStreamIds(stream: string, events: readonly NewEvent[]): Promise<void> {
    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    expect(stored.map((e) => e.streamRevision)).toEqual(events.map((_, i) => i));
  }

  describe('expected revision', () => {
    it('no_stream: creates a new stream, refuses an existing one and stores nothing', async () => {
      const stream = uniqueStream('no-stream');
      const first = newEvent();
      const result = await store.append(stream, [first], 'no_stream');
      expect(result.nextRevision).toBe(0);
      const error = await conflictOf(store.append(stream, [newEvent()], 'no_stream'));
      expect(error).toMatchObject({ streamName: stream, expected: 'no_stream', actual: 0 });
      await expectStreamIds(stream, [first]);
    });

    it('stream_exists: appends to an existing stream, refuses an absent one and stores nothing', async () => {
      const absent = uniqueStream('exists-absent');
      const error = await conflictOf(store.append(absent, [newEvent()], 'stream_exists'));
      expect(error).toMatchObject({ streamName: absent, expected: 'stream_exists', actual: -1 });
      expect(await store.readStream(absent)).toEqual([]);

      const stream = uniqueStream('exists');
      const seeded = await seed(stream, 2);
      const next = newEvent();
      expect((await store.append(stream, [next], 'stream_exists')).nextRevision).toBe(2);
      await expectStreamIds(stream, [...seeded, next]);
    });

    it('exact revision: appends when it matches, refuses a stale, a future or an absent one', async () => {
      const stream = uniqueStream('exact');
      const seeded = await seed(stream, 3);
      for (const stale of [0, 1, 3, 7]) {
        const error = await conflictOf(store.append(stream, [newEvent(), newEvent()], stale));
        expect(error).toMatchObject({ streamName: stream, expected: stale, actual: 2 });
      }
      await expectStreamIds(stream, seeded);
      const next = [newEvent(), newEvent()];
      expect((await store.append(stream, next, 2)).nextRevision).toBe(4);
      await expectStreamIds(stream, [...seeded, ...next]);

      const absent = uniqueStream('exact-absent');
      const error = await conflictOf(store.append(absent, [newEvent()], 0));
      expect(error).toMatchObject({ expected: 0, actual: -1 });
      expect(await store.readStream(absent)).toEqual([]);
    });

    it('any: appends to an absent and to an existing stream', async () => {
      const stream = uniqueStream('any');
      const a = newEvent();
      const b = newEvent();
      expect((await store.append(stream, [a], 'any')).nextRevision).toBe(0);
      expect((await store.append(stream, [b], 'any')).nextRevision).toBe(1);
      await expectStreamIds(stream, [a, b]);
    });

    it('refuses a malformed call before storing anything', async () => {
      const stream = uniqueStream('malformed');
      const event = newEvent();
      await expect(store.append(stream, [], 'any')).rejects.toThrow(/at least one event/);
      await expect(store.append(stream, [event, event], 'any')).rejects.toThrow(/twice/);
      await expect(store.append(stream, [{ ...event, eventId: 'not-a-uuid' }], 'any')).rejects.toThrow(
        /UUID/,
      );
      await expect(store.append(stream, [event], -1 as ExpectedRevision)).rejects.toThrow(
        /expected revision/,
      );
      expect(await store.readStream(stream)).toEqual([]);
    });
  });

  describe('guard: an append conditional on another stream', () => {
    it('stores the append while the guarded stream is at the revision, refuses it once it moved', async () => {
      const guarded = uniqueStream('guarded');
      const stream = uniqueStream('guarded-likes');
      const story = await seed(guarded, 1);
      const like = newEvent();
      expect((await store.append(stream, [like], 'any', { stream: guarded, revision: 0 })).nextRevision).toBe(
        0,
      );
      const changed = newEvent();
      await store.append(guarded, [changed], 0);
      const head = await store.headPosition();
      const refused = await conflictOf(
        store.append(stream, [newEvent()], 'any', { stream: guarded, revision: 0 }),
      );
      expect(refused.streamName).toBe(guarded);
      expect(refused.expected).toBe(0);
      expect(refused.actual).toBe(1);
      await expectStreamIds(stream, [like]);
      await expectStreamIds(guarded, [...story, changed]);
      expect(await store.headPosition()).toBe(head);
    });

    it('revision -1: only while the guarded stream does not exist', async () => {
      const guarded = uniqueStream('guarded-absent');
      const stream = uniqueStream('guarded-absent-likes');
      const first = newEvent();
      await store.append(stream, [first], 'any', { stream: guarded, revision: -1 });
      await seed(guarded, 1);
      const refused = await conflictOf(
        store.append(stream, [newEvent()], 'any', { stream: guarded, revision: -1 }),
      );
      expect(refused.actual).toBe(0);
      await expectStreamIds(stream, [first]);
    });

    it('refuses a malformed guard before storing anything', async () => {
      const stream = uniqueStream('guard-malformed');
      await expect(store.append(stream, [newEvent()], 'any', { stream: '', revision: 0 })).rejects.toThrow(
        /guard/,
      );
      await expect(
        store.append(stream, [newEvent()], 'any', { stream: uniqueStream('g'), revision: -2 }),
      ).rejects.toThrow(/guard/);
      expect(await store.readStream(stream)).toEqual([]);
    });
  });

  describe('atomic multi-event append', () => {
    it('stores a batch as consecutive revisions with increasing positions, answering the last', async () => {
      const stream = uniqueStream('batch');
      const batch = [newEvent('A'), newEvent('B'), newEvent('C')];
      const result = await store.append(stream, batch, 'no_stream');
      const stored = await store.readStream(stream);
      expect(stored.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(stored.map((e) => e.streamRevision)).toEqual([0, 1, 2]);
      expect(result).toEqual({ nextRevision: 2, position: stored[2]!.position });
      expect(stored[0]!.position).toBeLessThan(stored[1]!.position);
      expect(stored[1]!.position).toBeLessThan(stored[2]!.position);
      if (target.gapFreePositions) {
        expect(stored[2]!.position - stored[0]!.position).toBe(2);
      }
    });

    it('stores none of a conflicting batch', async () => {
      const stream = uniqueStream('batch-conflict');
      const seeded = await seed(stream, 1);
      const head = await store.headPosition();
      await conflictOf(store.append(stream, [newEvent(), newEvent(), newEvent()], 'no_stream'));
      await expectStreamIds(stream, seeded);
      expect(await store.headPosition()).toBe(head);
    });
  });

  describe('idempotency', () => {
    it('answers a retry of a stored batch as before and stores nothing again', async () => {
      const stream = uniqueStream('retry');
      const batch = [newEvent(), newEvent()];
      const original = await store.append(stream, batch, 'no_stream');
      expect(await store.append(stream, batch, 'no_stream')).toEqual(original);
      const later = newEvent();
      await store.append(stream, [later], 1);
      // A retry that arrives after the stream moved on still answers the original result.
      expect(await store.append(stream, batch, 'no_stream')).toEqual(original);
      expect(await store.append(stream, batch, 'any')).toEqual(original);
      await expectStreamIds(stream, [...batch, later]);
    });

    it('refuses a batch that repeats only some stored ids and stores none of it', async () => {
      const stream = uniqueStream('partial');
      const [a, b] = [newEvent(), newEvent()];
      await store.append(stream, [a!, b!], 'no_stream');
      const fresh = newEvent();
      await expect(store.append(stream, [b!, fresh], 1)).rejects.toBeInstanceOf(EventIdConflictError);
      await expect(store.append(stream, [fresh, a!], 'any')).rejects.toBeInstanceOf(EventIdConflictError);
      await expectStreamIds(stream, [a!, b!]);
    });
  });

  describe('reading', () => {
    it('reads an absent stream as empty', async () => {
      expect(await store.readStream(uniqueStream('never-written'))).toEqual([]);
    });

    it('reads a stream oldest first with every field as written', async () => {
      const stream = uniqueStream('read');
      const first = [newEvent('First', { n: 1 }), newEvent('Second', { n: 2 })];
      const second = [newEvent('Third', { n: 3 })];
      const other = uniqueStream('read-other');
      await store.append(stream, first, 'no_stream');
      await store.append(other, [newEvent()], 'no_stream');
      await store.append(stream, second, 1);
      const stored = await store.readStream(stream);
      const written = [...first, ...second];
      expect(stored).toHaveLength(3);
      stored.forEach((event, i) => {
        expect(event).toMatchObject({
          eventId: written[i]!.eventId,
          streamName: stream,
          streamRevision: i,
          type: written[i]!.type,
          data: written[i]!.data,
          metadata: written[i]!.metadata,
        });
        expect(event.recordedAt).toBeInstanceOf(Date);
        expect(Math.abs(event.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
      });
      expect(stored.map((e) => e.position)).toEqual([...stored.map((e) => e.position)].sort((x, y) => x - y));
    });

    it("reads a stream's events of some types only, oldest first, as readStream has them", async () => {
      const stream = uniqueStream('stream-types');
      await store.append(
        stream,
        [
          newEvent('Kept', { n: 1 }),
          newEvent('Skipped'),
          newEvent('AlsoKept', { n: 2 }),
          newEvent('Skipped'),
        ],
        'no_stream',
      );
      await store.append(uniqueStream('stream-types-other'), [newEvent('Kept')], 'no_stream');
      await store.append(stream, [newEvent('Kept', { n: 3 })], 3);
      const whole = await store.readStream(stream);
      const kept = await store.readStreamTypes(stream, ['Kept', 'AlsoKept']);
      expect(kept).toEqual(whole.filter((e) => e.type !== 'Skipped'));
      expect(kept.map((e) => e.streamRevision)).toEqual([0, 2, 4]);
      expect(await store.readStreamTypes(stream, ['Absent'])).toEqual([]);
      expect(await store.readStreamTypes(uniqueStream('never-written'), ['Kept'])).toEqual([]);
    });

    it('reads the global feed in order, in pages that neither skip nor repeat', async () => {
      const before = await store.headPosition();
      const streams = [uniqueStream('all-a'), uniqueStream('all-b'), uniqueStream('all-c')];
      const written: string[] = [];
      for (let round = 0; round < 5; round++) {
        for (const [i, stream] of streams.entries()) {
          const batch = Array.from({ length: (round + i) % 3 === 0 ? 2 : 1 }, () => newEvent());
          await store.append(stream, batch, round === 0 ? 'no_stream' : 'stream_exists');
          written.push(...batch.map((e) => e.eventId));
        }
      }
      const pages: StoredEvent[][] = [];
      let after = before;
      for (;;) {
        const page = await store.readAll(after, 4);
        expect(page.length).toBeLessThanOrEqual(4);
        if (page.length === 0) break;
        pages.push(page);
        after = page.at(-1)!.position;
      }
      const feed = pages.flat();
      expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
      const positions = feed.map((e) => e.position);
      expect(positions.every((p, i) => p > (i === 0 ? before : positions[i - 1]!))).toBe(true);
      const ours = new Set(streams);
      expect(feed.filter((e) => ours.has(e.streamName)).map((e) => e.eventId)).toEqual(written);
      expect(feed.every((e) => !e.type.startsWith('$') && !e.streamName.startsWith('$'))).toBe(true);
      if (target.gapFreePositions) {
        expect(positions).toEqual(positions.map((_, i) => before + i + 1));
      }
      expect(await store.readAll(after, 10)).toEqual([]);
    });

    it('reads the events of some types only, in order, in reads whose `through` neither skips nor repeats', async () => {
      const before = await store.headPosition();
      // Types of this run only: the EventStoreDB under test may keep earlier runs' events.
      const run = randomUUID().replaceAll('-', '');
      const wanted = [`Wanted${run}`, `AlsoWanted${run}`];
      const stream = uniqueStream('typed');
      const written: string[] = [];
      for (let i = 0; i < 7; i++) {
        const batch = [newEvent(`Other${run}`), newEvent(wanted[i % 2]), newEvent(`Other${run}`)];
        await store.append(stream, batch, i === 0 ? 'no_stream' : 'stream_exists');
        written.push(batch[1]!.eventId);
      }
      const head = await store.headPosition();
      const found: StoredEvent[] = [];
      let after = before;
      for (let reads = 0; ; reads++) {
        expect(reads).toBeLessThan(10);
        const read = await store.readTypes(after, 3, wanted);
        expect(read.events.length).toBeLessThanOrEqual(3);
        expect(read.events.every((e) => e.position > after && e.position <= read.through)).toBe(true);
        found.push(...read.events);
        if (read.atHead) {
          expect(read.through).toBe(head);
          break;
        }
        expect(read.through).toBeGreaterThan(after);
        after = read.through;
      }
      expect(found.map((e) => e.eventId)).toEqual(written);
      expect(found.map((e) => e.type)).toEqual(written.map((_, i) => wanted[i % 2]));
      expect(found[0]).toEqual((await store.readStream(stream))[1]);
      expect(await store.readTypes(head, 3, wanted)).toEqual({ events: [], through: head, atHead: true });
    });

    it('reports the head position: the position of the newest event', async () => {
      const result = await store.append(uniqueStream('head'), [newEvent(), newEvent()], 'no_stream');
      expect(await store.headPosition()).toBe(result.position);
      expect(await store.readAll(result.position, 10)).toEqual([]);
      const newest = await store.readAll(result.position - 1, 10);
      if (target.gapFreePositions) expect(newest.map((e) => e.position)).toEqual([result.position]);
    });
  });

  describe('subscribe', () => {
    it('delivers from the start the same feed as readAll, then live appends, in order', async () => {
      const stream = uniqueStream('live');
      const early = [newEvent(), newEvent()];
      await store.append(stream, early, 'no_stream');
      const head = await store.headPosition();
      const expectedHistory: StoredEvent[] = [];
      for (let after = 0; ; ) {
        const page = await store.readAll(after, 500);
        if (page.length === 0 || page[0]!.position > head) break;
        expectedHistory.push(...page.filter((e) => e.position <= head));
        after = page.at(-1)!.position;
      }

      const late = [newEvent(), newEvent(), newEvent()];
      const feed = collectFeed(store, 0, (events) => events.some((e) => e.eventId === late[2]!.eventId));
      // Appended while the subscription runs: one batch at once, one after a pause.
      await store.append(stream, late.slice(0, 2), 1);
      await new Promise((resolve) => setTimeout(resolve, 150));
      await store.append(stream, late.slice(2), 3);
      const seen = await feed;

      expect(seen.slice(0, expectedHistory.length)).toEqual(expectedHistory);
      const ours = seen.filter((e) => e.streamName === stream);
      expect(ours.map((e) => e.eventId)).toEqual([...early, ...late].map((e) => e.eventId));
      const positions = seen.map((e) => e.position);
      expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    });

    it('resumes after a given position with exactly the events after it', async () => {
      const stream = uniqueStream('resume');
      const events = Array.from({ length: 6 }, () => newEvent());
      await store.append(stream, events.slice(0, 3), 'no_stream');
      await store.append(stream, events.slice(3), 2);
      const stored = await store.readStream(stream);
      const resumeAfter = stored[2]!.position;
      const seen = await collectFeed(store, resumeAfter, (feed) =>
        feed.some((e) => e.eventId === events[5]!.eventId),
      );
      expect(seen.every((e) => e.position > resumeAfter)).toBe(true);
      expect(seen.filter((e) => e.streamName === stream).map((e) => e.eventId)).toEqual(
        events.slice(3).map((e) => e.eventId),
      );
      expect(seen[0]!.position).toBe(stored[3]!.position);
    });

    it('ends when its signal aborts', async () => {
      const controller = new AbortController();
      const iterator = store.subscribe({ after: await store.headPosition(), signal: controller.signal });
      const next = iterator[Symbol.asyncIterator]().next();
      setTimeout(() => controller.abort(), 100);
      const outcome = await Promise.race([
        next.then((r) => (r.done ? 'ended' : 'event')),
        new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000)),
      ]);
      expect(outcome).toBe('ended');
    });
  });
}
