import type { EventStore } from '@nocturne/events/store';
import { MAINTENANCE_POOL_TIMEOUTS, quoteIdent } from '@nocturne/pg-kit';
import type { PiiVault } from '@nocturne/vault';
import pg from 'pg';
import { createReadModelDb, LIVE_SCHEMA, migrateReadModel } from '../read-model/database';
import type { Projection } from '../runner/projection';
import { ProjectionRunner, projectionStopLine } from '../runner/projection-runner';
import { ProjectionTimings } from '../runner/projection-timings';
import { READ_MODEL_SWAP_LOCK, REBUILD_LOCK } from '../runner/read-model-lock';
import { deferIndexes, restoreIndexes } from './deferred-indexes';
import { gatherStatistics } from './planner-statistics';
import { rebuildLanes } from './rebuild-lanes';
import { SharedLog } from './shared-log';

export interface RebuildProgress {
  /** `projecting`: filling the spare schema while the live one serves; `swapping`: the last
   * events under the swap lock, then the rename. */
  phase: 'projecting' | 'swapping' | 'done';
  /** Global position the spare schema has reached. */
  position: number;
  /** The store's head when the phase began. */
  head: number;
  /** Events read so far. */
  events: number;
}

export interface RebuildOptions {
  databaseUrl: string;
  store: EventStore;
  vault: PiiVault;
  projections: readonly Projection[];
  onProgress?: (progress: RebuildProgress) => void;
  /** The schema that serves queries (default `read_model`); the spare is `<live>_next`. */
  liveSchema?: string;
  batchSize?: number;
  /**
   * Heavy projections in lanes of their own, side by side (rebuild-lanes.ts; default true); false:
   * every projection in one runner on one connection, one after the other.
   */
  lanes?: boolean;
}

export interface RebuildResult {
  /** Events read into the new read model. */
  events: number;
  /** Position the new read model had reached when it was swapped in. */
  position: number;
  seconds: number;
  /** Where the time went: each projection, the log's read and decoding. */
  timings: ProjectionTimings;
  /** Building the deferred indexes and gathering the planner's statistics once the bulk was in. */
  indexSeconds: number;
}

/**
 * Events per batch of a rebuild: larger than the live runner's catch-up batches. Each batch costs
 * every projection its statements and a transaction whatever its size, and on a loaded machine a
 * statement's round trip weighs as much as its rows; a rebuild is one process that reads the
 * whole log once, so it holds more events at a time for fewer batches (docs/performance.md,
 * "Growth").
 */
export const REBUILD_BATCH_SIZE = 50_000;

/**
 * Blue/green rebuild of every read model. Projects from position 0 into a fresh spare schema
 * while the live one keeps serving (the indexes only readers use built once the bulk is in:
 * deferred-indexes.ts); then, holding the swap lock EXCLUSIVE (the live runner takes
 * it shared per batch, so it pauses between two batches), catches the spare up with whatever
 * arrived meanwhile and renames the schemas in one transaction: live -> old, spare -> live, old
 * dropped. Readers and the live runner resolve tables through search_path by the schema's NAME,
 * so their next query sees the new tables, with checkpoints at least as far as the old ones.
 * Reactor checkpoints (schema `reactors`) and the vault are not touched: no e-mail re-fires.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const started = performance.now();
  const live = options.liveSchema ?? LIVE_SCHEMA;
  const spare = `${live}_next`;
  const old = `${live}_old`;
  const control = new pg.Client({ connectionString: options.databaseUrl });
  await control.connect();
  let events = 0;
  let locked = false;
  let swapped = false;
  try {
    const { rows } = await control.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      REBUILD_LOCK,
    ]);
    locked = rows[0]?.locked === true;
    if (!locked) throw new Error('another rebuild of the read models is running');

    // Leftovers of an interrupted rebuild are never trusted.
    await control.query(`drop schema if exists ${quoteIdent(spare)} cascade`);
    await control.query(`drop schema if exists ${quoteIdent(old)} cascade`);
    await migrateReadModel(options.databaseUrl, spare);
    const deferred = await deferIndexes(control, spare);

    const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
    const lanes = options.lanes === false ? [[...options.projections]] : rebuildLanes(options.projections);
    const db = createReadModelDb(options.databaseUrl, spare, lanes.length, MAINTENANCE_POOL_TIMEOUTS);
    let phase: RebuildProgress['phase'] = 'projecting';
    let head = await options.store.headPosition();
    const timings = new ProjectionTimings();
    let indexSeconds = 0;
    const log = new SharedLog(options.store, 2 * batchSize);
    // Progress: the slowest lane's position, and the events it has read.
    const reached = lanes.map(() => 0);
    const read = lanes.map(() => 0);
    const runners = lanes.map((projections, lane) => {
      const reader = log.reader();
      const runner = new ProjectionRunner({
        store: reader.store,
        db,
        projections,
        vault: options.vault,
        batchSize,
        catchUpBatchSize: batchSize,
        swapLock: false,
        timings,
        onBatch: (position, count) => {
          reached[lane] = position;
          read[lane]! += count;
          events = Math.min(...read);
          options.onProgress?.({ phase, position: Math.min(...reached), head, events });
        },
      });
      return { runner, idle: reader.idle };
    });
    // Every lane to `target`, side by side; the lowest position any of them reached.
    const catchUp = async (target: number) => {
      // Settled, not all: a lane that fails leaves none still writing when the pool closes.
      const outcomes = await Promise.allSettled(
        runners.map(({ runner, idle }) => runner.catchUp(target).finally(idle)),
      );
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
      return Math.min(...outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 0)));
    };
    try {
      for (const { runner } of runners) await runner.init();
      options.onProgress?.({ phase, position: 0, head, events });
      let position = await catchUp(head);
      // The bulk is in: the deferred indexes are built once, and the planner's statistics
      // gathered, before the laps that chase the head and the swap (the live schema's readers
      // need both the moment it is swapped in).
      const indexesStarted = performance.now();
      await restoreIndexes(control, deferred);
      await gatherStatistics(control, spare);
      indexSeconds = (performance.now() - indexesStarted) / 1000;
      // Chase the head while it moves, so that little is left for the locked phase below,
      // during which the live runner waits (bounded: a busy store is never caught for good).
      for (let lap = 0; lap < 5; lap++) {
        head = await options.store.headPosition();
        if (head - position <= batchSize) break;
        options.onProgress?.({ phase, position, head, events });
        position = await catchUp(head);
      }

      phase = 'swapping';
      await control.query('begin');
      try {
        // Waits for a live batch in flight to commit; the live runner then waits for us.
        await control.query('select pg_advisory_xact_lock($1)', [READ_MODEL_SWAP_LOCK]);
        head = await options.store.headPosition();
        options.onProgress?.({ phase, position, head, events });
        position = await catchUp(head);
        // A projection that could not apply an event (its stop was logged): the live read models,
        // whole if stale, serve better than a new one that stops short.
        const stops = (await Promise.all(runners.map(({ runner }) => runner.stops()))).flat();
        if (stops.length > 0) {
          throw new Error(`the rebuild was not swapped in: ${stops.map(projectionStopLine).join('; ')}`);
        }
        const { rows: existing } = await control.query('select 1 from pg_namespace where nspname = $1', [
          live,
        ]);
        if (existing.length > 0)
          await control.query(`alter schema ${quoteIdent(live)} rename to ${quoteIdent(old)}`);
        await control.query(`alter schema ${quoteIdent(spare)} rename to ${quoteIdent(live)}`);
        if (existing.length > 0) await control.query(`drop schema ${quoteIdent(old)} cascade`);
        await control.query('commit');
        swapped = true;
      } catch (error) {
        await control.query('rollback').catch(() => {});
        throw error;
      }
      options.onProgress?.({ phase: 'done', position, head, events });
      return { events, position, seconds: (performance.now() - started) / 1000, timings, indexSeconds };
    } finally {
      await db.destroy();
    }
  } finally {
    if (locked && !swapped)
      await control.query(`drop schema if exists ${quoteIdent(spare)} cascade`).catch(() => {});
    await control.query('select pg_advisory_unlock_all()').catch(() => {});
    await control.end().catch(() => {});
  }
}
