import { decodeEvent, type RecordedEvent } from '@nocturne/events';
import type { Notifier } from '@nocturne/events/notify';
import type { PiiVault } from '@nocturne/events/pii';
import type { EventStore, StoredEvent } from '@nocturne/events/store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ReadModel } from '../read-model/schema';
import { failureReason, isTransientFailure } from './failure';
import type { Projection } from './projection';
import { READ_MODEL_SWAP_LOCK } from './read-model-lock';
import { WakeableLoop } from './wakeable-loop';

export interface ProjectionRunnerOptions {
  store: EventStore;
  db: Kysely<ReadModel>;
  projections: readonly Projection[];
  vault: PiiVault;
  /** Wake-up hints in, "projected up to P" out. Optional: without it the runner only polls. */
  notifier?: Notifier | undefined;
  batchSize?: number;
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

function decodeOne(stored: StoredEvent): BatchEvent {
  try {
    return { stored, event: decodeEvent(stored) };
  } catch (error) {
    return { stored, error };
  }
}

export const projectionStopLine = (stop: ProjectionStop) =>
  `projection ${stop.projection} stopped at position ${stop.position}: cannot apply ${stop.eventType} (${stop.reason}); the other projections go on`;

/** The batch was not committed because a checkpoint was not where this runner read it. */
class CheckpointMoved extends Error {}

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
  private readonly loop: WakeableLoop;
  private readonly names: string[];
  private initialised = false;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.names = options.projections.map((p) => p.name);
    if (new Set(this.names).size !== this.names.length) throw new Error('two projections share a name');
    this.loop = new WakeableLoop(() => this.step(), options.maxIdleMs ?? 2000, options.onError);
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
    if (!(await this.running())) return 0;
    const from = await this.position();
    const stored = await this.options.store.readAll(from, this.batchSize);
    if (stored.length === 0) return 0;
    // One by one: an event that does not decode stops only the projections that handle it.
    const events = stored.map(decodeOne);
    const last = stored.at(-1)!.position;
    const stops: ProjectionStop[] = [];
    try {
      await this.options.db.transaction().execute(async (trx) => {
        // First statement, before any table is touched: a swap waits for this batch to end
        // and this batch waits for a swap to commit, so it never writes into a schema that
        // is being renamed away.
        if (this.options.swapLock !== false) {
          await sql`select pg_advisory_xact_lock_shared(${READ_MODEL_SWAP_LOCK})`.execute(trx);
        }
        // Then this runner's checkpoint rows, always in one order: a second runner on the same
        // schema waits here, before it has touched a row, and then reads where the first one
        // left off. (Without it, two runners whose batches start at different checkpoints lock
        // rows in different orders and deadlock.)
        const rows = await trx
          .selectFrom('projection_checkpoints')
          .select(['name', 'position', 'stopped_position'])
          .where('name', 'in', this.names)
          .orderBy('name')
          .forUpdate()
          .execute();
        const checkpoints = new Map(rows.map((r) => [r.name, Number(r.position)]));
        const stopped = new Set(rows.filter((r) => r.stopped_position !== null).map((r) => r.name));
        for (const projection of this.options.projections) {
          if (stopped.has(projection.name)) continue;
          const stop = await this.applyBatch(
            trx,
            projection,
            events,
            checkpoints.get(projection.name),
            from,
            last,
          );
          if (stop) stops.push(stop);
        }
      });
    } catch (error) {
      if (error instanceof CheckpointMoved) {
        // Another runner (or a swap) moved a checkpoint: nothing was committed; read again.
        this.initialised = false;
        return stored.length;
      }
      if (isRetryable(error)) return stored.length;
      throw error;
    }
    const log = this.options.log ?? ((line: string) => console.error(`[projector] ${line}`));
    for (const stop of stops) log(projectionStopLine(stop));
    this.options.notifier?.publishProjected(last);
    this.options.onBatch?.(last, events.length);
    return stored.length;
  }

  /**
   * Applies the batch's events above the checkpoint to one projection and moves its checkpoint,
   * inside a savepoint: an event the projection cannot apply is rolled back alone (the events
   * before it are applied again), the checkpoint stops just below it and the stop is recorded,
   * while the other projections of the batch go on. A failure of the database (failure.ts)
   * is not the event's: it fails the whole batch, which is read again.
   */
  private async applyBatch(
    trx: Transaction<ReadModel>,
    projection: Projection,
    events: BatchEvent[],
    checkpoint: number | undefined,
    from: number,
    last: number,
  ): Promise<ProjectionStop | undefined> {
    if (checkpoint === undefined) throw new CheckpointMoved(); // a schema swapped in without its row
    if (checkpoint >= last) return undefined;
    // The batch starts after `from`; a checkpoint below it (moved back since `from` was read)
    // would leave a gap, so the batch is refused and read again from the new checkpoint.
    if (checkpoint < from) throw new CheckpointMoved();
    const handles = new Set<string>(projection.handles);
    const due = events.filter((e) => e.stored.position > checkpoint && handles.has(e.stored.type));
    const context = { vault: this.options.vault };
    await sql`savepoint projection_batch`.execute(trx);
    let failed = -1;
    let failure: unknown;
    for (const [index, item] of due.entries()) {
      try {
        if (!item.event) throw item.error;
        await projection.apply(trx, item.event, context);
      } catch (error) {
        failed = index;
        failure = error;
        break;
      }
    }
    let stop: ProjectionStop | undefined;
    if (failed >= 0) {
      if (isTransientFailure(failure)) throw failure;
      await sql`rollback to savepoint projection_batch`.execute(trx);
      for (const item of due.slice(0, failed)) await projection.apply(trx, item.event!, context);
      const poison = due[failed]!.stored;
      stop = {
        projection: projection.name,
        position: poison.position,
        eventType: poison.type,
        reason: failureReason(failure),
      };
    }
    await sql`release savepoint projection_batch`.execute(trx);
    // Compare-and-set: the row is locked since the read above, so this cannot miss; it stays as
    // the guard that no checkpoint ever moves from a value this batch did not start from.
    const moved = await trx
      .updateTable('projection_checkpoints')
      .set(
        stop
          ? {
              // Everything below the event is applied; the event and what follows are not.
              position: stop.position - 1,
              stopped_position: stop.position,
              stopped_event_type: stop.eventType,
              stopped_reason: stop.reason,
              stopped_at: new Date(),
            }
          : { position: last },
      )
      .where('name', '=', projection.name)
      .where('position', '=', checkpoint)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new CheckpointMoved();
    return stop;
  }

  /** Applies batches until the read models reach `target` (default: the store's head). */
  async catchUp(target?: number): Promise<number> {
    const goal = target ?? (await this.options.store.headPosition());
    if (!this.initialised) await this.ensureCheckpointRows();
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
