/**
 * The event-store port. Two adapters implement it (postgres/, esdb/), memory/ stands in for them
 * in unit tests, and one contract suite (store/contract/) runs against all three.
 */

/** `number` is the exact revision (0-based) of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface NewEvent {
  /** Deterministic where a command may be retried: re-appending a stored id is a no-op. */
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  /**
   * The time to record instead of the store's clock: only a history made on purpose in the past
   * (the demo library's twelve months, backdated-store.ts). The EventStoreDB adapter cannot set
   * its record time and ignores it.
   */
  recordedAt?: Date;
}

export interface StoredEvent {
  eventId: string;
  streamName: string;
  /** 0-based position of the event inside its stream. */
  streamRevision: number;
  /** Global position: strictly increasing in the order readers must see events. */
  position: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: Date;
}

/** What readTypes read: the events of the asked types, and how far the read covered the feed. */
export interface TypedRead {
  events: StoredEvent[];
  through: number;
  /** `through` was the head when it was read: nothing more to read for now. */
  atHead: boolean;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

export interface SubscribeOptions {
  /** Deliver events with a position strictly greater than this (0 = from the start). */
  after: number;
  signal: AbortSignal;
  /** How many events to fetch at once while catching up. */
  batchSize?: number;
}

/**
 * A condition on another stream: the append is stored only if `stream` is at `revision` (-1: the
 * stream does not exist) when it is stored; otherwise WrongExpectedRevisionError names `stream`.
 * It lets a command decide from a state it read earlier (a like from a story it knows is live)
 * without reading it again: the check comes with the append instead.
 */
export interface AppendGuard {
  stream: string;
  revision: number;
}

export interface EventStore {
  readonly kind: 'postgres' | 'esdb' | 'memory';
  /**
   * With a guard, PostgreSQL and the memory store check it atomically with the append; the
   * EventStoreDB adapter reads the guarded stream's revision just before it appends.
   */
  append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    guard?: AppendGuard,
  ): Promise<AppendResult>;
  /** The whole stream, oldest first; an empty array for a stream that does not exist. */
  readStream(streamName: string): Promise<StoredEvent[]>;
  /**
   * The stream's events of the given types only, oldest first: for a reader that folds a few
   * types of a long stream (the audit, among a reader's logins). What it answers ends with the
   * last event of those types, not the stream's: never the revision to append at.
   */
  readStreamTypes(streamName: string, types: readonly string[]): Promise<StoredEvent[]>;
  /** Up to `limit` events of the global feed with a position greater than `after`, in order. */
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
  /**
   * The events of the given types only, for a reader that handles a few types of a feed made
   * mostly of others (the reactors, among likes): up to `limit` of them after `after`, in order,
   * and `through`, the position the read covered (every event of those types up to it is in
   * `events`; the next read starts after it). One read looks at a bounded stretch of the feed:
   * `through` may stop short of the head with no event found, and the reader reads on from it.
   */
  readTypes(after: number, limit: number, types: readonly string[]): Promise<TypedRead>;
  /** A live, ordered, resumable feed of all events after `after`; ends when the signal aborts. */
  subscribe(options: SubscribeOptions): AsyncIterable<StoredEvent>;
  /** Position of the newest event (0 when empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${actual}`);
  }
}

/**
 * A batch that repeats stored event ids only partly (or repeats ids stored in another stream):
 * it is neither a new append nor a retry of an old one, so it is refused and nothing is stored.
 */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamName: string,
    readonly eventIds: readonly string[],
  ) {
    super(`Stream ${streamName}: the batch repeats only some stored event ids (${eventIds.join(', ')})`);
  }
}

/** The stream was deleted in the store (EventStoreDB): it takes no appends and reads as gone. */
export class StreamDeletedError extends Error {
  override readonly name = 'StreamDeletedError';
  constructor(readonly streamName: string) {
    super(`Stream ${streamName} was deleted in the event store`);
  }
}

/**
 * The store did not answer in time, or could not be reached. For an append it means: not known
 * to be stored. The adapter has already looked whether it landed (a retry with the same event
 * ids is then safe: it is answered as the original, or stored once).
 */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  constructor(
    readonly reason: 'deadline' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * An append that reached the database but whose outcome is not known: the connection failed
 * after the statement was sent (it may have committed), or the group committed and the wait for
 * the disk failed (it is stored, and most likely durable, but that was not confirmed). Never
 * "nothing was saved": a retry with the same event ids is answered as the original was, or
 * stored once.
 */
export class AppendOutcomeUnknownError extends Error {
  override readonly name = 'AppendOutcomeUnknownError';
  constructor(
    /** True when the group is known to have committed (only its flush failed). */
    readonly committed: boolean,
    options: { cause: unknown },
  ) {
    super(
      committed
        ? 'the append committed, but its flush to disk could not be confirmed'
        : 'the connection failed after the append was sent: it may have committed',
      options,
    );
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks what both adapters need before they talk to their database: a stream name, at least
 * one event, UUID event ids (both stores key events by UUID) with no id twice in the batch, and
 * a known expected-revision mode. These are programming errors, not conflicts.
 */
export function assertValidAppend(
  streamName: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
  guard?: AppendGuard,
): void {
  if (guard && (guard.stream.length === 0 || !Number.isSafeInteger(guard.revision) || guard.revision < -1))
    throw new Error(`bad guard ${guard.stream}@${guard.revision}`);
  if (streamName.length === 0) throw new Error('append needs a stream name');
  if (streamName.startsWith('$')) throw new Error(`stream names starting with $ are reserved: ${streamName}`);
  if (events.length === 0) throw new Error('append needs at least one event');
  const ids = new Set<string>();
  for (const event of events) {
    if (!uuidPattern.test(event.eventId)) throw new Error(`event id is not a UUID: ${event.eventId}`);
    const id = event.eventId.toLowerCase();
    if (ids.has(id)) throw new Error(`the batch contains event id ${event.eventId} twice`);
    ids.add(id);
    if (event.type.length === 0 || event.type.startsWith('$'))
      throw new Error(`bad event type ${event.type}`);
  }
  if (
    typeof expected === 'number'
      ? !Number.isSafeInteger(expected) || expected < 0
      : !expectedModes.has(expected)
  ) {
    throw new Error(`unknown expected revision ${String(expected)}`);
  }
}

const expectedModes = new Set<unknown>(['any', 'no_stream', 'stream_exists']);
