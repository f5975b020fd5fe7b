import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type ReadRevision,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  StoredEvent,
  SubscribeOptions,
} from '../port';
import { assertValidAppend, EventIdConflictError, WrongExpectedRevisionError } from '../port';

/**
 * The EventStoreDB adapter.
 *
 * Positions: the $all commit position of an event, as a number. Events appended through gRPC
 * (the only way this adapter writes) each get their own commit position, equal to their prepare
 * position, so `{commit: p, prepare: p}` names the event again when a reader resumes after p.
 * Stream reads carry the $all position from EventStoreDB 22.6 on; older servers are refused.
 *
 * System events ($-prefixed types or streams) are left out of readAll, subscribe and
 * headPosition. Checkpoints are not kept here: the projector keeps them in Postgres.
 *
 * Idempotency, as in the Postgres store: before appending, the stream is searched (newest
 * first) for the batch's event ids. All of them there = a retry, answered with the original
 * result; some of them = refused (EventIdConflictError); none = a new append. Unlike the
 * Postgres store, ids stored in other streams are not looked for (ESDB has no index by event id).
 */
export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb' as const;

  private constructor(private readonly client: EventStoreDBClient) {}

  /** Connects and checks that the server answers (so a wrong URL fails at start, not later). */
  static async connect(connectionString: string): Promise<EsdbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    const store = new EsdbEventStore(client);
    try {
      await drain(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, deadline: 10_000 }));
    } catch (error) {
      await client.dispose().catch(() => {});
      throw new Error(`EventStoreDB at ${redact(connectionString)} did not answer: ${String(error)}`);
    }
    return store;
  }

  async append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    assertValidAppend(streamName, events, expected);
    const ids = events.map((e) => e.eventId.toLowerCase());
    const retried = await this.priorAppend(streamName, ids);
    if (retried) return retried;
    let nextRevision: bigint;
    let reportedPosition: Position | undefined;
    try {
      const result = await this.client.appendToStream(
        streamName,
        events.map((e) =>
          jsonEvent({ id: e.eventId, type: e.type, data: e.data as JSONType, metadata: e.metadata }),
        ),
        { expectedRevision: toEsdbExpected(expected) },
      );
      nextRevision = result.nextExpectedRevision;
      reportedPosition = result.position;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A concurrent copy of this very batch may have won: then this is its retry.
      const raced = await this.priorAppend(streamName, ids);
      if (raced) return raced;
      const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1;
      throw new WrongExpectedRevisionError(streamName, expected, actual);
    }
    // The append answer's position is the write's; read the last event back for its own.
    const [last] = await readAllOf(
      this.client.readStream(streamName, { fromRevision: nextRevision, maxCount: 1, direction: FORWARDS }),
    );
    const position = last?.event?.position?.commit ?? reportedPosition?.commit;
    if (position === undefined) throw new Error(`EventStoreDB did not report the position of ${streamName}`);
    return { nextRevision: Number(nextRevision), position: Number(position) };
  }

  /**
   * The original result when every id of the batch is in the stream already, undefined when
   * none is; refuses a batch that repeats only some.
   */
  private async priorAppend(streamName: string, ids: readonly string[]): Promise<AppendResult | undefined> {
    const wanted = new Set(ids);
    const found: StoredEvent[] = [];
    const page = 256n;
    let from: ReadRevision = END;
    for (;;) {
      let chunk: ResolvedEvent[];
      try {
        chunk = await readAllOf(
          this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: from, maxCount: page }),
        );
      } catch (error) {
        if (error instanceof StreamNotFoundError) return undefined;
        throw error;
      }
      for (const resolved of chunk) {
        const event = toStored(resolved);
        if (event && wanted.has(event.eventId.toLowerCase())) found.push(event);
      }
      const oldest = chunk.at(-1)?.event?.revision;
      if (
        found.length === wanted.size ||
        BigInt(chunk.length) < page ||
        oldest === undefined ||
        oldest === 0n
      )
        break;
      from = oldest - 1n;
    }
    if (found.length === 0) return undefined;
    if (found.length < wanted.size) throw new EventIdConflictError(streamName, ids);
    const last = found.reduce((a, b) => (a.streamRevision > b.streamRevision ? a : b));
    return { nextRevision: last.streamRevision, position: last.position };
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    try {
      const resolved = await readAllOf(
        this.client.readStream(streamName, { direction: FORWARDS, fromRevision: START }),
      );
      return resolved.map(toStored).filter((e): e is StoredEvent => e !== undefined);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    const page = Math.max(limit, 64);
    let from: ReadPosition = after === 0 ? START : positionOf(after);
    let seen = after;
    while (out.length < limit) {
      const chunk = await readAllOf(
        this.client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: page }),
      );
      for (const resolved of chunk) {
        const commit = resolved.event?.position.commit;
        // Reading from a position includes the event at it; that one was delivered already.
        if (commit === undefined || Number(commit) <= seen) continue;
        seen = Number(commit);
        const event = toStored(resolved);
        if (event) out.push(event);
        if (out.length === limit) break;
      }
      if (chunk.length < page) break;
      from = positionOf(seen);
    }
    return out;
  }

  async headPosition(): Promise<number> {
    const page = 64;
    let from: ReadPosition = END;
    for (;;) {
      const chunk: AllStreamResolvedEvent[] = await readAllOf(
        this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: page }),
      );
      for (const resolved of chunk) {
        const event = toStored(resolved);
        if (event) return event.position;
      }
      const oldest: Position | undefined = chunk.at(-1)?.event?.position;
      if (chunk.length < page || !oldest) return 0;
      from = oldest;
    }
  }

  /**
   * A catch-up subscription to $all without system events, which turns live by itself. Events
   * are buffered (the stream is paused past a high-water mark) and handed out in order.
   */
  async *subscribe({ after, signal }: SubscribeOptions): AsyncIterable<StoredEvent> {
    if (signal.aborted) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: after === 0 ? START : positionOf(after),
      filter: excludeSystemEvents(),
    });
    const queue: AllStreamResolvedEvent[] = [];
    const highWater = 1_000;
    let failure: unknown;
    let ended = false;
    let wake: (() => void) | undefined;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      queue.push(resolved);
      if (queue.length >= highWater) subscription.pause();
      notify();
    });
    subscription.on('error', (error: Error) => {
      failure = error;
      notify();
    });
    subscription.on('end', () => {
      ended = true;
      notify();
    });
    signal.addEventListener('abort', notify);
    let position = after;
    try {
      while (!signal.aborted) {
        const resolved = queue.shift();
        if (resolved) {
          if (queue.length < highWater / 2 && subscription.isPaused()) subscription.resume();
          const event = toStored(resolved);
          if (!event || event.position <= position) continue;
          position = event.position;
          yield event;
          continue;
        }
        if (failure) throw failure;
        if (ended) throw new Error('EventStoreDB ended the subscription');
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      signal.removeEventListener('abort', notify);
      await subscription.unsubscribe().catch(() => {});
      subscription.destroy();
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function positionOf(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

const noPosition = 2n ** 63n;

/** Our view of an ESDB event; undefined for system events (and for unresolved links). */
function toStored(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined;
  const commit = event.position?.commit;
  if (commit === undefined || commit >= noPosition) {
    throw new Error(
      'EventStoreDB did not report the $all position of a stream event (it needs 22.6 or later)',
    );
  }
  return {
    eventId: event.id,
    streamName: event.streamId,
    streamRevision: Number(event.revision),
    position: Number(commit),
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? null,
    recordedAt: event.created,
  };
}

async function readAllOf<T>(read: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of read) out.push(item);
  return out;
}

async function drain(read: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of read) {
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
