import {
  type AppendGuard,
  type AppendResult,
  assertValidAppend,
  EventIdConflictError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
  type SubscribeOptions,
  type TypedRead,
  WrongExpectedRevisionError,
} from '../port';
import { readTypesOfFeed } from '../read-types';

/**
 * The event-store port in memory, for unit tests: the same contract suite as the PostgreSQL
 * and EventStoreDB adapters (store/contract/), no I/O. Positions are 1, 2, 3, ... without gaps.
 * Data and metadata go through JSON on the way in, as they do in both databases, so a test
 * sees what a real store would give back (no shared objects, no Dates, no undefined).
 */
export class MemoryEventStore implements EventStore {
  readonly kind = 'memory';
  private readonly log: StoredEvent[] = [];
  private readonly revisions = new Map<string, number>();
  /** Lower-cased event id -> its stored event, for the idempotent retry. */
  private readonly byId = new Map<string, StoredEvent>();
  /** Subscribers waiting for the next append. */
  private readonly waiting = new Set<() => void>();

  async append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    guard?: AppendGuard,
  ): Promise<AppendResult> {
    assertValidAppend(streamName, events, expected, guard);
    const known = events.map((e) => this.byId.get(e.eventId.toLowerCase()));
    if (known.every((e) => e?.streamName === streamName)) {
      // A retry of a stored batch: answered as the original append was.
      const stored = known as StoredEvent[];
      return {
        nextRevision: Math.max(...stored.map((e) => e.streamRevision)),
        position: Math.max(...stored.map((e) => e.position)),
      };
    }
    if (known.some((e) => e !== undefined)) {
      throw new EventIdConflictError(
        streamName,
        events.map((e) => e.eventId),
      );
    }
    const guarded = guard && (this.revisions.get(guard.stream) ?? -1);
    if (guard && guarded !== guard.revision)
      throw new WrongExpectedRevisionError(guard.stream, guard.revision, guarded!);
    const actual = this.revisions.get(streamName) ?? -1;
    if (
      (expected === 'no_stream' && actual !== -1) ||
      (expected === 'stream_exists' && actual === -1) ||
      (typeof expected === 'number' && expected !== actual)
    ) {
      throw new WrongExpectedRevisionError(streamName, expected, actual);
    }
    const now = new Date();
    events.forEach((event, i) => {
      const recordedAt = event.recordedAt ?? now;
      const stored: StoredEvent = {
        eventId: event.eventId,
        streamName,
        streamRevision: actual + 1 + i,
        position: this.log.length + 1,
        type: event.type,
        data: throughJson(event.data),
        metadata: throughJson(event.metadata),
        recordedAt,
      };
      this.log.push(stored);
      this.byId.set(event.eventId.toLowerCase(), stored);
    });
    const nextRevision = actual + events.length;
    this.revisions.set(streamName, nextRevision);
    for (const wake of this.waiting) wake();
    return { nextRevision, position: this.log.length };
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    return this.log.filter((e) => e.streamName === streamName).map(copyOf);
  }

  async readStreamTypes(streamName: string, types: readonly string[]): Promise<StoredEvent[]> {
    const wanted = new Set(types);
    return this.log.filter((e) => e.streamName === streamName && wanted.has(e.type)).map(copyOf);
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    // Position p sits at index p - 1.
    return this.log.slice(Math.max(0, after), Math.max(0, after) + limit).map(copyOf);
  }

  readTypes(after: number, limit: number, types: readonly string[]): Promise<TypedRead> {
    return readTypesOfFeed((from, size) => this.readAll(from, size), after, limit, types);
  }

  async *subscribe({ after, signal, batchSize = 500 }: SubscribeOptions): AsyncIterable<StoredEvent> {
    let position = after;
    while (!signal.aborted) {
      const batch = await this.readAll(position, batchSize);
      for (const event of batch) {
        if (signal.aborted) return;
        position = event.position;
        yield event;
      }
      if (batch.length === 0) await this.nextAppend(signal);
    }
  }

  async headPosition(): Promise<number> {
    return this.log.length;
  }

  async close(): Promise<void> {
    for (const wake of this.waiting) wake();
  }

  /** Resolves on the next append, or when the signal aborts. */
  private nextAppend(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.waiting.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiting.add(done);
      signal.addEventListener('abort', done);
    });
  }
}

function throughJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Readers get their own objects: a test that edits what it read cannot change the log. */
function copyOf(event: StoredEvent): StoredEvent {
  return {
    ...event,
    data: structuredClone(event.data),
    metadata: structuredClone(event.metadata),
    recordedAt: new Date(event.recordedAt),
  };
}
