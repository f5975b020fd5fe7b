import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  StreamDeletedError as EsdbStreamDeletedError,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  AppendGuard,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  StoredEvent,
  SubscribeOptions,
  TypedRead,
} from '../port';
import {
  assertValidAppend,
  EventIdConflictError,
  EventStoreUnavailableError,
  StreamDeletedError,
  WrongExpectedRevisionError,
} from '../port';
import { readTypesOfFeed } from '../read-types';

/** The calls this adapter makes: the real client, or a fake in the unit tests. */
export type EsdbClient = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

export interface EsdbOptions {
  /**
   * How far back (events, newest first) a stream is searched for a batch's ids: after a
   * conflict or an ambiguous failure. Bounded, so a hot stream's append never costs a read of
   * its whole history (default 1024).
   */
  idempotencyWindow?: number;
  /** The same for appends with expected revision `any`, which look before they write (default 32). */
  anyWindow?: number;
  /** First wait before a dropped subscription is made again (ms; doubles up to 5 s; default 250). */
  resubscribeDelayMs?: number;
}

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
 * Idempotency, as in the Postgres store (a retry with the same event ids is answered with the
 * original result, a batch that repeats only some of them is refused), but bounded: the stream is
 * searched newest first, at most `idempotencyWindow` events back, and only when needed. An
 * append with an exact revision, `no_stream` or `stream_exists` goes straight to the server,
 * which refuses a repeat as a conflict; only then is the stream searched. An append with `any`
 * cannot conflict, so it looks first, at the last `anyWindow` events (the server's own
 * idempotency cache covers older exact repeats). An ambiguous failure (deadline, unavailable,
 * cancelled) searches too: an append that landed is answered as such, one that did not is
 * reported as EventStoreUnavailableError, and a retry of it is safe. Unlike the Postgres store,
 * ids stored in other streams are not looked for (ESDB has no index by event id).
 *
 * Errors come back typed (port.ts): StreamDeletedError for a deleted stream,
 * EventStoreUnavailableError for a deadline or an unreachable server.
 */
export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb' as const;
  private readonly idempotencyWindow: number;
  private readonly anyWindow: number;
  private readonly resubscribeDelayMs: number;

  private constructor(
    private readonly client: EsdbClient,
    options: EsdbOptions,
  ) {
    this.idempotencyWindow = options.idempotencyWindow ?? 1024;
    this.anyWindow = options.anyWindow ?? 32;
    this.resubscribeDelayMs = options.resubscribeDelayMs ?? 250;
  }

  /** Over a client that is already connected (the unit tests pass a fake one). */
  static withClient(client: EsdbClient, options: EsdbOptions = {}): EsdbEventStore {
    return new EsdbEventStore(client, options);
  }

  /** Connects and checks that the server answers (so a wrong URL fails at start, not later). */
  static async connect(connectionString: string, options: EsdbOptions = {}): Promise<EsdbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    const store = new EsdbEventStore(client, options);
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
    guard?: AppendGuard,
  ): Promise<AppendResult> {
    assertValidAppend(streamName, events, expected, guard);
    const ids = events.map((e) => e.eventId.toLowerCase());
    if (expected === 'any') {
      const retried = await this.priorAppend(streamName, ids, this.anyWindow);
      if (retried) return retried;
    }
    if (guard) {
      const actual = await this.revisionOf(guard.stream);
      if (actual !== guard.revision)
        throw new WrongExpectedRevisionError(guard.stream, guard.revision, actual);
    }
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
      if (error instanceof WrongExpectedVersionError) {
        // A retry of a stored batch (or a concurrent copy of this very batch that won).
        const raced = await this.priorAppend(streamName, ids, this.idempotencyWindow);
        if (raced) return raced;
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1;
        throw new WrongExpectedRevisionError(streamName, expected, actual);
      }
      if (isAmbiguous(error)) {
        // The append may have landed before the answer was lost: look before reporting.
        const landed = await this.priorAppend(streamName, ids, this.idempotencyWindow).catch(() => undefined);
        if (landed) return landed;
      }
      throw typedError(error, streamName);
    }
    // One event: the write's position is that event's own. A batch: each event has its own
    // position and the answer's is the write's, so the last event is read back for its own.
    if (events.length === 1 && reportedPosition !== undefined) {
      return { nextRevision: Number(nextRevision), position: Number(reportedPosition.commit) };
    }
    const [last] = await this.typed(streamName, () =>
      readAllOf(
        this.client.readStream(streamName, { fromRevision: nextRevision, maxCount: 1, direction: FORWARDS }),
      ),
    );
    const position = last?.event?.position?.commit ?? reportedPosition?.commit;
    if (position === undefined) throw new Error(`EventStoreDB did not report the position of ${streamName}`);
    return { nextRevision: Number(nextRevision), position: Number(position) };
  }

  /**
   * The original result when every id of the batch is among the stream's last `window` events,
   * undefined when none is; refuses a batch that repeats only some.
   */
  private async priorAppend(
    streamName: string,
    ids: readonly string[],
    window: number,
  ): Promise<AppendResult | undefined> {
    const wanted = new Set(ids);
    let recent: ResolvedEvent[];
    try {
      recent = await readAllOf(
        this.client.readStream(streamName, {
          direction: BACKWARDS,
          fromRevision: END,
          maxCount: BigInt(Math.max(window, ids.length)),
        }),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw typedError(error, streamName);
    }
    const found = recent
      .map(toStored)
      .filter((e): e is StoredEvent => e !== undefined && wanted.has(e.eventId.toLowerCase()));
    if (found.length === 0) return undefined;
    if (found.length < wanted.size) throw new EventIdConflictError(streamName, ids);
    const last = found.reduce((a, b) => (a.streamRevision > b.streamRevision ? a : b));
    return { nextRevision: last.streamRevision, position: last.position };
  }

  /**
   * A stream's revision now (-1: none). EventStoreDB checks no second stream with an append, so
   * a guard is this read just before the append: what a command reading the stream did anyway.
   */
  private async revisionOf(streamName: string): Promise<number> {
    try {
      const [last] = await readAllOf(
        this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1n }),
      );
      return last?.event ? Number(last.event.revision) : -1;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw typedError(error, streamName);
    }
  }

  /** Runs a read, with the client's errors mapped to the port's. */
  private async typed<T>(streamName: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw typedError(error, streamName);
    }
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    try {
      const resolved = await readAllOf(
        this.client.readStream(streamName, { direction: FORWARDS, fromRevision: START }),
      );
      return resolved.map(toStored).filter((e): e is StoredEvent => e !== undefined);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw typedError(error, streamName);
    }
  }

  async readStreamTypes(streamName: string, types: readonly string[]): Promise<StoredEvent[]> {
    // A stream read has no server-side filter: the stream is read, and filtered here.
    const wanted = new Set(types);
    return (await this.readStream(streamName)).filter((e) => wanted.has(e.type));
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    return this.typed('$all', () => this.readAllAfter(after, limit));
  }

  readTypes(after: number, limit: number, types: readonly string[]): Promise<TypedRead> {
    // EventStoreDB could filter on the server, but its filtered reads say nothing of how far
    // they looked when they find nothing; the stretch is read, and filtered here.
    return readTypesOfFeed((from, size) => this.readAll(from, size), after, limit, types);
  }

  private async readAllAfter(after: number, limit: number): Promise<StoredEvent[]> {
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
    return this.typed('$all', () => this.lastPosition());
  }

  private async lastPosition(): Promise<number> {
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
   * A catch-up subscription to $all without system events, which turns live by itself. When the
   * server drops it (unavailable, deadline, cancelled, or it simply ends), it is made again from
   * the last event handed out, after a wait that doubles up to 5 s: the feed goes on without a
   * gap or a repeat. Other errors end the feed.
   */
  async *subscribe({ after, signal }: SubscribeOptions): AsyncIterable<StoredEvent> {
    let position = after;
    let delay = this.resubscribeDelayMs;
    while (!signal.aborted) {
      try {
        for await (const event of this.subscribeOnce(position, signal)) {
          position = event.position;
          delay = this.resubscribeDelayMs;
          yield event;
        }
        return; // aborted
      } catch (error) {
        if (signal.aborted) return;
        if (!(error instanceof SubscriptionEnded) && !isAmbiguous(error)) throw typedError(error, '$all');
        await sleep(delay, signal);
        delay = Math.min(delay * 2, 5_000);
      }
    }
  }

  /**
   * One subscription from `after`. Events are buffered (the stream is paused past a high-water
   * mark) and handed out in order; it throws when the server drops it.
   */
  private async *subscribeOnce(after: number, signal: AbortSignal): AsyncIterable<StoredEvent> {
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
        if (ended) throw new SubscriptionEnded();
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

/** The server ended a subscription without an error: it is made again. */
class SubscriptionEnded extends Error {}

/** Failures after which an append may or may not have been stored, and a subscription is worth making again. */
function isAmbiguous(error: unknown): boolean {
  return (
    error instanceof DeadlineExceededError ||
    error instanceof UnavailableError ||
    error instanceof CancelledError
  );
}

/** The client's errors as the port's (port.ts); others as they are. */
function typedError(error: unknown, streamName: string): unknown {
  if (error instanceof EsdbStreamDeletedError) return new StreamDeletedError(streamName);
  if (error instanceof DeadlineExceededError) {
    return new EventStoreUnavailableError('deadline', `EventStoreDB did not answer in time (${streamName})`, {
      cause: error,
    });
  }
  if (error instanceof UnavailableError || error instanceof CancelledError) {
    return new EventStoreUnavailableError('unavailable', `EventStoreDB is unavailable (${streamName})`, {
      cause: error,
    });
  }
  return error;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
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
