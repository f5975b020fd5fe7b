import { decodeEvent, type RecordedEvent } from '@nocturne/events';
import type { EventStore, StoredEvent } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import type { PiiVault } from '@nocturne/vault';
import { propagation, ROOT_CONTEXT, type Tracer } from '@opentelemetry/api';
import { type Kysely, sql } from 'kysely';
import { escapeLiteral } from 'pg';
import type { ReadModel } from '../read-model/schema';
import { failureReason, isTransientFailure } from './failure';
import type { BatchTransaction, Projection } from './projection';
import type { ProjectionTimings } from './projection-timings';
import { READ_MODEL_SWAP_LOCK } from './read-model-lock';
import { WakeableLoop } from './wakeable-loop';

/**
 * Events per batch while catching up (a rebuild's too). Each batch costs every projection its
 * statements whatever its size, so bigger batches catch up faster, at the price of holding more
 * events in memory while a batch lasts (docs/performance.md, "Catching up").
 */
export const CATCH_UP_BATCH_SIZE = 10_000;

/** The longest sleep between polls while the notifier says hints are not getting through (ms). */
export const HINTLESS_MAX_IDLE_MS = 200;

export interface ProjectionRunnerOptions {
  store: EventStore;
  db: Kysely<ReadModel>;
  projections: readonly Projection[];
  vault: PiiVault;
  /** Wake-up hints in, "projected up to P" out. Optional: without it the runner only polls. */
  notifier?: Notifier | undefined;
  /** Events a batch reads when the runner is live, near the head (default 500): small, for a low lag. */
  batchSize?: number;
  /**
   * Events a batch reads while catching up (default CATCH_UP_BATCH_SIZE): after a full live
   * batch, and in `catchUp()` (the CLI, a rebuild). Those batches also commit with
   * synchronous_commit off.
   */
  catchUpBatchSize?: number;
  /** Called after each committed batch (progress bars, tests). */
  onBatch?: (position: number, events: number) => void;
  /** Longest sleep between polls when idle and no hint arrives (ms; default 2000). */
  maxIdleMs?: number;
  /**
   * Take the swap lock (read-model-lock.ts) SHARED in every batch. True for the live runner;
   * a rebuild's runner filling the spare schema passes false, since the rebuild itself holds
   * the lock EXCLUSIVE while it catches that schema up.
   */
  swapLock?: boolean;
  onError?: (error: unknown) => void;
  /** Error lines: a projection that stopped (its name, the position and type of the event). */
  log?: (line: string) => void;
  /** Filled with the time of each projection, the read and the decoding (a rebuild's report). */
  timings?: ProjectionTimings;
  /**
   * Given when tracing is on: each event that carries its request's trace context gets a span of
   * that trace for the batch that applied it. Without it nothing is looked at.
   */
  tracer?: Tracer;
}

/** A projection that could not apply an event: it stays there until the process restarts. */
export interface ProjectionStop {
  projection: string;
  /** The event it could not apply; its checkpoint is just below. */
  position: number;
  eventType: string;
  /** An error class or SQLSTATE, never the event's data (failure.ts). */
  reason: string;
}

/** A stored event, decoded; or why it could not be (a projection that handles it stops there). */
interface BatchEvent {
  stored: StoredEvent;
  event?: RecordedEvent;
  error?: unknown;
}

/**
 * A stored event's decoding, kept on the stored event itself: runners that share one read of the
 * log (a rebuild's lanes, rebuild/shared-log.ts) get the same stored events, and each is decoded
 * once for all of them. On the event, not in a WeakMap beside it: a rebuild holds the events of a
 * few batches at a time, hundreds of thousands, and each lane looks every one of them up.
 */
const DECODED = Symbol('decoded');

function decodeOne(stored: StoredEvent & { [DECODED]?: BatchEvent }): BatchEvent {
  let decoded = stored[DECODED];
  if (decoded) return decoded;
  try {
    decoded = { stored, event: decodeEvent(stored) };
  } catch (error) {
    decoded = { stored, error };
  }
  stored[DECODED] = decoded;
  return decoded;
}

/**
 * A span in the trace of each event's request (its metadata's traceparent) for the batch that
 * applied it: from the batch's read to its commit, named after the event, with its position.
 */
function traceApplied(tracer: Tracer, events: readonly BatchEvent[], began: number): void {
  const ended = Date.now();
  for (const { event } of events) {
    const traceparent = event?.metadata.traceparent;
    if (!event || traceparent === undefined) continue;
    const parent = propagation.extract(ROOT_CONTEXT, { traceparent });
    const span = tracer.startSpan(`project ${event.type}`, { startTime: began }, parent);
    span.setAttribute('nocturne.position', event.position);
    span.end(ended);
  }
}

export const projectionStopLine = (stop: ProjectionStop) =>
  `projection ${stop.projection} stopped at position ${stop.position}: cannot apply ${stop.eventType} (${stop.reason}); the other projections go on`;

interface CheckpointRow {
  name: string;
  position: number;
  stopped_position: number | null;
}

/** The batch was not committed because a checkpoint was not where this runner read it. */
class CheckpointMoved extends Error {}

/** A projection could not apply the batch (not a database failure): it is done again, isolated. */
class Refused extends Error {}

/** PostgreSQL's deadlock_detected and serialization_failure: the batch is simply tried again. */
const retryableCodes = new Set(['40P01', '40001']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && retryableCodes.has(code);
}

/**
 * Applies events to the read models in batches. For each batch, one transaction locks this
 * runner's checkpoint rows, applies the events above each projection's checkpoint and moves each
 * checkpoint by compare-and-set; so a crash at any point neither loses nor double-applies an
 * event (rows and checkpoint commit together or not at all), and of two runners on one schema
 * (a second process, or `catchUp()` beside the running loop) the second waits for the first's
 * batch, then finds the checkpoints moved and applies only what is still above them.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly catchUpBatchSize: number;
  /** Set while the runner is behind (the last read was full, or catchUp() runs). */
  private catchingUp = true;
  /**
   * Where the last committed batch ended: the next one reads from there without asking the
   * database (one round trip less per live batch). A checkpoint found below it refuses the batch
   * (CheckpointMoved), which clears it.
   */
  private committedUpTo: number | undefined;
  /**
   * While catching up, the next batch is read while this one is written (the two take about as
   * long): the read after `after`, used only if the next batch starts exactly there.
   */
  private prefetched: { after: number; size: number; events: Promise<StoredEvent[]> } | undefined;
  private readonly loop: WakeableLoop;
  private readonly names: string[];
  private readonly checkpointRowsForUpdate: string;
  private initialised = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.catchUpBatchSize = Math.max(this.batchSize, options.catchUpBatchSize ?? CATCH_UP_BATCH_SIZE);
    this.names = options.projections.map((p) => p.name);
    if (new Set(this.names).size !== this.names.length) throw new Error('two projections share a name');
    this.checkpointRowsForUpdate = `select name, position, stopped_position from projection_checkpoints
      where name in (${this.names.map(escapeLiteral).join(', ') || 'null'}) order by name for update`;
    const maxIdleMs = options.maxIdleMs ?? 2000;
    // Without hints (the broker down) every write waits for a poll, and a read that asked for
    // its own write (X-Min-Position) waits about 2 s at most: sleeping up to 2 s between polls
    // made such reads time out. Polls stay frequent until the hints are back.
    const hintless = Math.min(maxIdleMs, HINTLESS_MAX_IDLE_MS);
    this.loop = new WakeableLoop(
      () => this.step(),
      () => (options.notifier?.delivering?.() === false ? hintless : maxIdleMs),
      options.onError,
    );
  }

  /**
   * Makes sure every projection has a checkpoint row (position 0 for a new one), and gives a
   * stopped projection another try: a process starts with new code (a fix deployed), and a
   * projection that still cannot apply the event stops there again, with the same log line.
   */
  async init(): Promise<void> {
    await this.ensureCheckpointRows();
    if (this.names.length > 0) {
      await this.options.db
        .updateTable('projection_checkpoints')
        .set({ stopped_position: null, stopped_event_type: null, stopped_reason: null, stopped_at: null })
        .where('name', 'in', this.names)
        .where('stopped_position', 'is not', null)
        .execute();
    }
  }

  private async ensureCheckpointRows(): Promise<void> {
    const rows = this.names.map((name) => ({ name, position: 0 }));
    if (rows.length > 0) {
      await this.options.db
        .insertInto('projection_checkpoints')
        .values(rows)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    this.initialised = true;
  }

  /**
   * Lowest checkpoint over this runner's running projections: everything up to it is applied by
   * every projection that has not stopped. The store's head when every one has stopped (nothing
   * is left to apply); 0 while the rows do not exist yet.
   */
  async position(): Promise<number> {
    if (this.names.length === 0) return this.options.store.headPosition();
    const row = await this.options.db
      .selectFrom('projection_checkpoints')
      .select((eb) => [
        eb.fn.min('position').filterWhere('stopped_position', 'is', null).as('position'),
        eb.fn.countAll<number>().as('rows'),
        eb.fn.count<number>('stopped_position').as('stopped'),
      ])
      .where('name', 'in', this.names)
      .executeTakeFirst();
    const rows = Number(row?.rows ?? 0);
    if (rows > 0 && Number(row?.stopped ?? 0) === rows) return this.options.store.headPosition();
    return Number(row?.position ?? 0);
  }

  /** The projections of this runner that stopped, and where. */
  async stops(): Promise<ProjectionStop[]> {
    if (this.names.length === 0) return [];
    const rows = await this.options.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'stopped_position', 'stopped_event_type', 'stopped_reason'])
      .where('name', 'in', this.names)
      .where('stopped_position', 'is not', null)
      .orderBy('name')
      .execute();
    return rows.map((r) => ({
      projection: r.name,
      position: Number(r.stopped_position),
      eventType: r.stopped_event_type ?? '',
      reason: r.stopped_reason ?? '',
    }));
  }

  private async running(): Promise<boolean> {
    if (this.names.length === 0) return false;
    const row = await this.options.db
      .selectFrom('projection_checkpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', 'in', this.names)
      .where('stopped_position', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0) > 0;
  }

  /** Applies one batch. Returns how many events it read (0 = caught up). */
  async step(): Promise<number> {
    if (!this.initialised) await this.ensureCheckpointRows();
    // A known end of the last batch means some projection runs (a batch that stopped one forgets it).
    if (this.committedUpTo === undefined && !(await this.running())) return 0;
    const from = this.committedUpTo ?? (await this.position());
    const catchingUp = this.catchingUp;
    const size = catchingUp ? this.catchUpBatchSize : this.batchSize;
    const timings = this.options.timings;
    const readStarted = performance.now();
    const began = Date.now();
    const stored = await this.read(from, size);
    if (timings) timings.readMs += performance.now() - readStarted;
    // A full read means more is waiting: the next batch is a catch-up one.
    this.catchingUp = stored.length === size;
    if (stored.length === 0) return 0;
    // One by one: an event that does not decode stops only the projections that handle it.
    const decodeStarted = performance.now();
    const events = stored.map(decodeOne);
    if (timings) timings.decodeMs += performance.now() - decodeStarted;
    const last = stored.at(-1)!.position;
    if (this.catchingUp) {
      const next = {
        after: last,
        size: this.catchUpBatchSize,
        events: this.options.store.readAll(last, this.catchUpBatchSize),
      };
      next.events.catch(() => {}); // a failed read-ahead is read again by the next step
      this.prefetched = next;
    }
    let stops: ProjectionStop[];
    try {
      // Without savepoints first: a batch that every projection applies (nearly all of them)
      // costs two round trips less per projection. One that a projection refuses is rolled
      // back and done again with a savepoint around each projection, which finds the event
      // and stops only that projection.
      stops = await this.commit(events, from, last, catchingUp, false).catch((error: unknown) => {
        if (error instanceof Refused) return this.commit(events, from, last, catchingUp, true);
        throw error;
      });
    } catch (error) {
      if (error instanceof CheckpointMoved) {
        // Another runner (or a swap) moved a checkpoint: nothing was committed; read again.
        this.initialised = false;
        this.committedUpTo = undefined;
        return stored.length;
      }
      this.committedUpTo = undefined;
      if (isRetryable(error)) return stored.length;
      throw error;
    }
    const log = this.options.log ?? ((line: string) => console.error(`[projector] ${line}`));
    for (const stop of stops) log(projectionStopLine(stop));
    // After a stop the next batch starts from the checkpoints again (position(), running()).
    this.committedUpTo = stops.length > 0 ? undefined : last;
    this.options.notifier?.publishProjected(last);
    this.options.onBatch?.(last, events.length);
    if (this.options.tracer) traceApplied(this.options.tracer, events, began);
    return stored.length;
  }

  /**
   * One batch's transaction: the swap lock, this runner's checkpoint rows, each projection's
   * events, the checkpoints moved. `isolated`: each projection inside a savepoint, so one that
   * cannot apply an event stops there while the others go on; without it, a projection that
   * refuses the batch throws Refused and nothing is committed.
   */
  private commit(
    events: BatchEvent[],
    from: number,
    last: number,
    catchingUp: boolean,
    isolated: boolean,
  ): Promise<ProjectionStop[]> {
    return this.options.db.connection().execute(async (trx) => {
      try {
        const { rows } = await sql.raw<CheckpointRow>(this.batchOpening(catchingUp)).execute(trx);
        const checkpoints = new Map(rows.map((r) => [r.name, Number(r.position)]));
        const stopped = new Set(rows.filter((r) => r.stopped_position !== null).map((r) => r.name));
        const moved: { name: string; from: number }[] = [];
        const stops: ProjectionStop[] = [];
        for (const projection of this.options.projections) {
          if (stopped.has(projection.name)) continue;
          const checkpoint = checkpoints.get(projection.name);
          const outcome = await this.applyBatch(trx, projection, events, checkpoint, from, last, isolated);
          if (outcome === 'applied') moved.push({ name: projection.name, from: checkpoint! });
          else if (outcome !== 'nothing') {
            await this.recordStop(trx, outcome, checkpoint!);
            stops.push(outcome);
          }
        }
        await this.moveCheckpoints(trx, moved, last);
        await sql`commit`.execute(trx);
        return stops;
      } catch (error) {
        // A connection that broke is dropped by the pool; a live one must not go back to it
        // inside a transaction.
        await sql`rollback`.execute(trx).catch(() => {});
        throw error;
      }
    });
  }

  /**
   * The first message of a batch's transaction, three statements in one round trip: `begin`,
   * the swap lock, this runner's checkpoint rows. Sent as one simple query, whose statements
   * PostgreSQL resolves one at a time, each after the one before it ran: so the checkpoint table
   * is looked up only once the lock is held, never in a schema that a swap is renaming away (its
   * pool answers with the last statement's rows, last-statement-pool.ts).
   *
   * - The swap lock first, before any table is named: a swap waits for this batch to end and
   *   this batch waits for a swap to commit.
   * - Catching up, a crash of the database may lose the last batches' commits: rows and
   *   checkpoints together, so they are projected again. Live batches stay durable, since
   *   queries answer from them.
   * - The checkpoint rows always in one order: a second runner on the same schema waits there,
   *   before it has touched a row, and then reads where the first one left off. (Without it, two
   *   runners whose batches start at different checkpoints lock rows in different orders and
   *   deadlock.)
   */
  private batchOpening(catchingUp: boolean): string {
    return [
      'begin',
      ...(catchingUp ? ['set local synchronous_commit = off'] : []),
      ...(this.options.swapLock !== false
        ? [`select pg_advisory_xact_lock_shared(${READ_MODEL_SWAP_LOCK})`]
        : []),
      this.checkpointRowsForUpdate,
    ].join('; ');
  }

  /** The events after `from`: read ahead by the previous step when it guessed right, else read now. */
  private async read(from: number, size: number): Promise<StoredEvent[]> {
    const ahead = this.prefetched;
    this.prefetched = undefined;
    if (ahead && ahead.after === from && ahead.size === size) {
      const events = await ahead.events.catch(() => undefined);
      if (events) return events;
    }
    return this.options.store.readAll(from, size);
  }

  /**
   * Applies the batch's events above the checkpoint to one projection, set-based. Not isolated:
   * all of them, or Refused. Isolated, inside a savepoint: when the projection cannot apply
   * them, they are applied again one by one to find the event it cannot apply; everything before
   * that event stays applied, and the projection stops just below it while the other
   * projections of the batch go on. A failure of the database (failure.ts) is not the event's:
   * it fails the whole batch, which is read again.
   * 'nothing' when the checkpoint is past the batch, 'applied' when every event was.
   */
  private async applyBatch(
    trx: BatchTransaction,
    projection: Projection,
    events: BatchEvent[],
    checkpoint: number | undefined,
    from: number,
    last: number,
    isolated: boolean,
  ): Promise<'nothing' | 'applied' | ProjectionStop> {
    if (checkpoint === undefined) throw new CheckpointMoved(); // a schema swapped in without its row
    if (checkpoint >= last) return 'nothing';
    // The batch starts after `from`; a checkpoint below it (moved back since `from` was read)
    // would leave a gap, so the batch is refused and read again from the new checkpoint.
    if (checkpoint < from) throw new CheckpointMoved();
    const handles = new Set<string>(projection.handles);
    // A decoded event's type is the catalogue's own string: the test compares one pointer.
    const due = events.filter(
      (e) => e.stored.position > checkpoint && handles.has((e.event ?? e.stored).type),
    );
    // Nothing it handles (most projections, in a live batch of likes): only its checkpoint
    // moves, with the others'. No savepoint: two round trips per projection per batch, each
    // queued behind the process's requests, were most of a live batch's time.
    if (due.length === 0) return 'applied';
    const undecodable = due.findIndex((e) => !e.event);
    const decoded = (undecodable < 0 ? due : due.slice(0, undecodable)).map((e) => e.event!);
    const context = { vault: this.options.vault };
    if (!isolated) {
      if (undecodable >= 0) throw new Refused();
      try {
        const started = performance.now();
        await projection.applyBatch(trx, decoded, context);
        this.options.timings?.add(projection.name, performance.now() - started, decoded.length);
      } catch (error) {
        if (isTransientFailure(error)) throw error;
        throw new Refused();
      }
      return 'applied';
    }
    await sql`savepoint projection_batch`.execute(trx);
    let failed = undecodable < 0 ? -1 : undecodable;
    let failure: unknown = undecodable < 0 ? undefined : due[undecodable]!.error;
    try {
      if (decoded.length > 0) await projection.applyBatch(trx, decoded, context);
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      // Which event? One at a time from the savepoint; then the ones before it, together.
      await sql`rollback to savepoint projection_batch`.execute(trx);
      for (const [index, event] of decoded.entries()) {
        try {
          await projection.applyBatch(trx, [event], context);
        } catch (single) {
          if (isTransientFailure(single)) throw single;
          failed = index;
          failure = single;
          break;
        }
      }
      if (failed >= 0) {
        await sql`rollback to savepoint projection_batch`.execute(trx);
        if (failed > 0) await projection.applyBatch(trx, decoded.slice(0, failed), context);
      }
    }
    await sql`release savepoint projection_batch`.execute(trx);
    if (failed < 0) return 'applied';
    const poison = due[failed]!.stored;
    return {
      projection: projection.name,
      position: poison.position,
      eventType: poison.type,
      reason: failureReason(failure),
    };
  }

  /** A stopped projection's checkpoint: just below the event, by compare-and-set, with the stop. */
  private async recordStop(trx: BatchTransaction, stop: ProjectionStop, checkpoint: number): Promise<void> {
    const moved = await trx
      .updateTable('projection_checkpoints')
      .set({
        // Everything below the event is applied; the event and what follows are not.
        position: stop.position - 1,
        stopped_position: stop.position,
        stopped_event_type: stop.eventType,
        stopped_reason: stop.reason,
        stopped_at: new Date(),
      })
      .where('name', '=', stop.projection)
      .where('position', '=', checkpoint)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new CheckpointMoved();
  }

  /**
   * Every moved checkpoint in one statement, by compare-and-set: the rows are locked since the
   * read above, so this cannot miss; it stays as the guard that no checkpoint ever moves from a
   * value this batch did not start from.
   */
  private async moveCheckpoints(
    trx: BatchTransaction,
    moved: readonly { name: string; from: number }[],
    last: number,
  ): Promise<void> {
    if (moved.length === 0) return;
    const result = await sql`update projection_checkpoints c set position = ${last}
      from unnest(${moved.map((m) => m.name)}::text[], ${moved.map((m) => m.from)}::bigint[]) as m(name, from_position)
      where c.name = m.name and c.position = m.from_position`.execute(trx);
    if (Number(result.numAffectedRows) !== moved.length) throw new CheckpointMoved();
  }

  /** Applies batches until the read models reach `target` (default: the store's head). */
  async catchUp(target?: number): Promise<number> {
    const goal = target ?? (await this.options.store.headPosition());
    if (!this.initialised) await this.ensureCheckpointRows();
    this.catchingUp = true;
    this.committedUpTo = undefined; // checkpoints may have been set by hand meanwhile
    let position = await this.position();
    while (position < goal) {
      if ((await this.step()) === 0) break;
      position = await this.position();
    }
    return position;
  }

  /** Runs until stopped: catch up, then sleep until an "appended" hint or the next poll. */
  start(): void {
    this.unsubscribe = this.options.notifier?.onAppended(() => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.loop.stop();
  }
}
