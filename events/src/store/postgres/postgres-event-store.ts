import { createClient, createPool, installSchema, type PoolTimeouts } from '@nocturne/pg-kit';
import pg from 'pg';
import type { EventLogBrowser } from '../log-browser';
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
  AppendOutcomeUnknownError,
  assertValidAppend,
  EventIdConflictError,
  WrongExpectedRevisionError,
} from '../port';
import { TYPED_READ_STRETCH } from '../read-types';
import { AppendGroups } from './append-groups';
import { EVENT_COLUMNS as columns, type EventRow, storedEventOf as toStored } from './event-row';
import { LOG_BROWSER_CONNECTION_OPTIONS, PostgresLogBrowser } from './postgres-log-browser';
import { type AppendStatus, CHAIN_UNCHAINED_SQL, eventStoreSchemaSql, SCHEMA_LOCK } from './schema';
import { StreamTypeIndexBuild, type StreamTypeIndexOutcome } from './stream-type-index';

/**
 * One synchronous commit that writes WAL (an empty transactional logical message, decoded by
 * nobody): it returns only once the WAL is flushed past everything committed before it on this
 * connection.
 */
const FLUSH_THROUGH_HERE = "select pg_logical_emit_message(true, 'nocturne-flush', '')";

/** One append as es_append_pass takes it. */
interface GroupItem {
  stream: string;
  expected: string;
  events: { event_id: string; type: string; data: unknown; metadata: unknown; recorded_at?: string }[];
  guard_stream?: string;
  guard_revision?: string;
}

type GroupOutcome =
  | {
      status: AppendStatus;
      next_revision: string | null;
      last_position: string | null;
      actual: string | null;
    }
  /** This append alone failed in the database (see sendGroup): its own error. */
  | { status: 'failed'; error: unknown };

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the data's fault, not the connection's. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** readStreamTypes's statement: $1 the stream, $2 the types. */
export const STREAM_TYPES_SQL = `select ${columns} from es_events where stream_name = $1 and type = any($2::text[])
  order by stream_revision`;

export interface PostgresEventStoreOptions {
  connectionString: string;
  /** Longest wait between polls when no notification arrives (ms). */
  maxPollInterval?: number;
  poolSize?: number;
  /** Positions one readTypes call covers at most (default TYPED_READ_STRETCH). */
  typedReadStretch?: number;
  /**
   * false: appends carry no hash (hash-chain.ts), so the log does not verify. Only for measuring
   * what the chain costs beside a store that chains (the bench's baseline); default true.
   */
  hashChain?: boolean;
  /**
   * The pool's timeouts (default: a request's). A tool that reads the log in large batches (a
   * rebuild, the projector's command line) passes longer ones: on a loaded machine a read of
   * tens of thousands of events can outlast a request's few seconds.
   */
  timeouts?: PoolTimeouts;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  /** The auditor's browser's connections, opened when it is first used (logBrowser). */
  private browserPool: pg.Pool | undefined;
  private readonly maxPollInterval: number;
  private readonly groups: AppendGroups<GroupItem, GroupOutcome>;
  private streamTypeIndexBuild!: StreamTypeIndexBuild;

  private constructor(private readonly options: PostgresEventStoreOptions) {
    const poolSize = options.poolSize ?? 10;
    this.pool = createPool({ connectionString: options.connectionString, max: poolSize }, options.timeouts);
    // One group at a time in the database, and the groups waiting for the disk beside it: half
    // the pool at most in all (reads and subscriptions need the rest). Why one: append-groups.ts.
    const held = Math.max(1, Math.floor(poolSize / 2));
    this.groups = new AppendGroups((items, committed) => this.sendGroup(items, committed), 256, {
      sending: 1,
      held,
    });
    // An idle connection that dies (database restart, admin termination) is dropped by the pool;
    // without a listener its 'error' event would crash the process.
    this.maxPollInterval = options.maxPollInterval ?? 1000;
  }

  /**
   * Connects and creates the schema if it is missing. An index that a log with rows lacks is
   * built in the background (stream-type-index.ts): the store serves meanwhile.
   */
  static async connect(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(options);
    await installSchema(store.pool, SCHEMA_LOCK, eventStoreSchemaSql);
    await store.pool.query(CHAIN_UNCHAINED_SQL);
    store.streamTypeIndexBuild = await StreamTypeIndexBuild.start(
      store.pool,
      options.connectionString,
      SCHEMA_LOCK,
    );
    return store;
  }

  /** How this connect's look at readStreamTypes's index ended: present, built, or why not. */
  get streamTypeIndex(): Promise<StreamTypeIndexOutcome> {
    return this.streamTypeIndexBuild.outcome;
  }

  async append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    guard?: AppendGuard,
  ): Promise<AppendResult> {
    assertValidAppend(streamName, events, expected, guard);
    const item: GroupItem = {
      stream: streamName,
      expected: String(expected),
      events: events.map((e) => ({
        event_id: e.eventId,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        ...(e.recordedAt && { recorded_at: e.recordedAt.toISOString() }),
      })),
      ...(guard && { guard_stream: guard.stream, guard_revision: String(guard.revision) }),
    };
    let outcome = await this.groups.submit(item);
    // An id shared with an earlier append of the same group: decided in a later group.
    while (outcome.status === 'again') outcome = await this.groups.submit(item);
    switch (outcome.status) {
      case 'appended':
      case 'retry':
        return { nextRevision: Number(outcome.next_revision), position: Number(outcome.last_position) };
      case 'conflict':
        throw new WrongExpectedRevisionError(streamName, expected, Number(outcome.actual));
      case 'guard_conflict':
        throw new WrongExpectedRevisionError(guard!.stream, guard!.revision, Number(outcome.actual));
      case 'partial':
        throw new EventIdConflictError(
          streamName,
          events.map((e) => e.eventId),
        );
      case 'failed':
        throw outcome.error;
      default:
        throw new Error(`es_append_pass refused a malformed append to ${streamName}`);
    }
  }

  /** Mean size of the append groups sent so far (the bench reports it). */
  appendGroupStats(): { groups: number; meanGroupSize: number } {
    return this.groups.stats();
  }

  private async sendGroup(items: GroupItem[], committed: () => void = () => {}): Promise<GroupOutcome[]> {
    try {
      // A failure to get a connection: nothing was sent, so nothing was stored.
      const client = await this.pool.connect();
      let rows: (GroupOutcome & { idx: number })[];
      try {
        ({ rows } = await client.query<GroupOutcome & { idx: number }>(
          'select idx, status, next_revision, last_position, actual from es_append_pass($1, true, $2) order by idx',
          [JSON.stringify(items), this.options.hashChain !== false],
        ));
      } catch (error) {
        // A connection that failed mid-way is not given back to the pool for reuse.
        client.release(isDataError(error) ? undefined : (error as Error));
        // The database's own refusal (an error it answered) rolled the statement back; a
        // connection that failed or went silent after the statement was sent may have let it
        // commit, and the appends must not be answered as not stored.
        if (error instanceof pg.DatabaseError) throw error;
        throw new AppendOutcomeUnknownError(false, { cause: error });
      }
      if (rows.length !== items.length) {
        client.release();
        throw new Error('es_append_pass answered a different number of appends');
      }
      committed();
      // The group committed without waiting for the disk (so it held the append lock only
      // while it wrote). PostgreSQL flushes the WAL at a synchronous commit only when that
      // transaction itself wrote WAL before its commit record: taking an xid alone does not,
      // and such a commit is as asynchronous as the group's. A transactional logical message
      // is a WAL record of this transaction, so its commit waits until the WAL is on disk
      // through its own commit record, which comes after the group's. A retry is flushed too:
      // the append it repeats may be another group's, still on its way to the disk.
      try {
        if (rows.some((r) => r.status === 'appended' || r.status === 'retry')) {
          await client.query(FLUSH_THROUGH_HERE);
        }
      } catch (error) {
        client.release(error as Error);
        // Committed: whatever else is said, it is not "nothing was saved".
        throw new AppendOutcomeUnknownError(true, { cause: error });
      }
      client.release();
      return rows;
    } catch (error) {
      // Data the database refuses (a \u0000 in a JSON string, ...) fails the whole statement,
      // so the group was rolled back: each append is sent again on its own, and only the one
      // at fault fails.
      if (items.length === 1 || !isDataError(error)) throw error;
      return Promise.all(
        items.map((item) =>
          this.sendGroup([item]).then(
            (outcomes) => outcomes[0]!,
            (failure: unknown) => ({ status: 'failed' as const, error: failure }),
          ),
        ),
      );
    }
  }

  async readStream(streamName: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${columns} from es_events where stream_name = $1 order by stream_revision`,
      [streamName],
    );
    return rows.map(toStored);
  }

  async readStreamTypes(streamName: string, types: readonly string[]): Promise<StoredEvent[]> {
    // The other events are neither sent nor parsed, nor read from the table: the index on
    // (stream_name, type) finds the rows of those types alone (stream-type-index.ts).
    const { rows } = await this.pool.query<EventRow>(STREAM_TYPES_SQL, [streamName, types]);
    return rows.map(toStored);
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${columns} from es_events where position > $1 order by position limit $2`,
      [after, limit],
    );
    return rows.map(toStored);
  }

  /**
   * Filtered in the database: the other events are neither sent nor parsed. One statement, so
   * the head is read in the same snapshot as the events: every position up to it is committed
   * (appends commit in position order, under the append lock), so `through` never passes a
   * commit still to come.
   */
  async readTypes(after: number, limit: number, types: readonly string[]): Promise<TypedRead> {
    const stretch = this.options.typedReadStretch ?? TYPED_READ_STRETCH;
    const { rows } = await this.pool.query<{ head: string } & ({ [K in keyof EventRow]: null } | EventRow)>(
      `select h.head, e.* from (select coalesce(max(position), 0) as head from es_events) h
       left join lateral (
         select ${columns} from es_events
         where position > $1 and position <= $1::bigint + $4::bigint and type = any($3::text[])
         order by position limit $2) e on true`,
      [after, limit, types, stretch],
    );
    const head = Number(rows[0]?.head ?? 0);
    const events = rows.flatMap((row) => (row.position === null ? [] : [toStored(row)]));
    if (events.length === limit) {
      const through = events.at(-1)!.position;
      return { events, through, atHead: through >= head };
    }
    const end = after + stretch;
    return { events, through: Math.max(after, Math.min(head, end)), atHead: head <= end };
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.pool.query<{ head: string | null }>(
      'select max(position) as head from es_events',
    );
    return Number(rows[0]?.head ?? 0);
  }

  /**
   * Catch up in batches, then wait for a NOTIFY from es_append (or the poll interval, in case
   * a notification is lost) and read again. Resumable: pass the last position seen as `after`.
   */
  async *subscribe({ after, signal, batchSize = 500 }: SubscribeOptions): AsyncIterable<StoredEvent> {
    let position = after;
    const listener = createClient({ connectionString: this.options.connectionString });
    let wake: (() => void) | undefined;
    // Set by a notification that arrives while a batch is being read, so it is not lost.
    let notified = false;
    const onWake = () => {
      notified = true;
      wake?.();
    };
    listener.on('notification', onWake);
    listener.on('error', () => {}); // polling carries on if the listening connection drops
    signal.addEventListener('abort', onWake);
    try {
      await listener.connect();
      await listener.query('listen es_appended');
      while (!signal.aborted) {
        const batch = await this.readAll(position, batchSize);
        for (const event of batch) {
          if (signal.aborted) return;
          position = event.position;
          yield event;
        }
        if (batch.length === batchSize || notified) {
          notified = false;
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.maxPollInterval);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        notified = false;
      }
    } finally {
      signal.removeEventListener('abort', onWake);
      await listener.end().catch(() => {});
    }
  }

  /** The auditor's read-only browser over this store's tables, on a few connections of its own. */
  logBrowser(): EventLogBrowser {
    this.browserPool ??= createPool({
      connectionString: this.options.connectionString,
      max: 4,
      options: LOG_BROWSER_CONNECTION_OPTIONS,
    });
    return new PostgresLogBrowser(this.browserPool);
  }

  async close(): Promise<void> {
    await this.streamTypeIndexBuild.leave();
    await this.browserPool?.end();
    await this.pool.end();
  }
}
