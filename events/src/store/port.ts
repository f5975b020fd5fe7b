/**
 * The event-store port. Two adapters implement it (postgres/, esdb/) and one contract suite
 * (store/contract.test-suite.ts) runs against both.
 */

/** `number` is the exact revision (0-based) of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface NewEvent {
  /** Deterministic where a command may be retried: re-appending a stored id is a no-op. */
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
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

export interface EventStore {
  readonly kind: 'postgres' | 'esdb';
  append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The whole stream, oldest first; an empty array for a stream that does not exist. */
  readStream(streamName: string): Promise<StoredEvent[]>;
  /** Up to `limit` events of the global feed with a position greater than `after`, in order. */
  readAll(after: number, limit: number): Promise<StoredEvent[]>;
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
