import type { EventStore } from '@nocturne/events/store';
import { MAINTENANCE_POOL_TIMEOUTS, quoteIdent } from '@nocturne/pg-kit';
import type { PiiVault } from '@nocturne/vault';
import pg from 'pg';
import { createReadModelDb, LIVE_SCHEMA, migrateReadModel } from '../read-model/database';
import type { Projection } from '../runner/projection';
import { CATCH_UP_BATCH_SIZE, ProjectionRunner, projectionStopLine } from '../runner/projection-runner';
import { READ_MODEL_SWAP_LOCK, VERIFY_LOCK } from '../runner/read-model-lock';
import { CappedStore } from './capped-store';
import { compareSchemas, type ReadModelDifference } from './compare-schemas';

export interface VerifyReadModelsProgress {
  /** `projecting`: the shadow schema is filled from the log; `comparing`: table by table. */
  phase: 'projecting' | 'comparing';
  /** Positions (projecting) or tables (comparing) done, out of `total`. */
  done: number;
  total: number;
}

export interface VerifyReadModelsOptions {
  databaseUrl: string;
  store: EventStore;
  vault: PiiVault;
  projections: readonly Projection[];
  onProgress?: (progress: VerifyReadModelsProgress) => void;
  /** The schema that serves queries (default `read_model`); the shadow is `<live>_verify`. */
  liveSchema?: string;
  /** Differences reported at most (default 100). */
  limit?: number;
}

export interface VerifyReadModelsResult {
  /** The position both sides were compared at. */
  position: number;
  tables: number;
  differences: ReadModelDifference[];
  /** More differences than `limit` were found. */
  more: boolean;
  seconds: number;
}

/**
 * Rebuilds every read model from the log into a shadow schema while the live one keeps serving,
 * and compares the two row by row at one position. The shadow follows the live checkpoint (never
 * past it: its store view is capped there); then, holding the swap lock so that the live runner
 * pauses between two batches, it catches up to exactly the live position, and a REPEATABLE READ
 * snapshot of both is taken before the lock is let go. The comparison reads that snapshot, so the
 * live projector pauses only for the last catch-up, not for the comparison. The shadow is dropped.
 */
export async function verifyReadModels(options: VerifyReadModelsOptions): Promise<VerifyReadModelsResult> {
  const started = performance.now();
  const live = options.liveSchema ?? LIVE_SCHEMA;
  const shadow = `${live}_verify`;
  const control = new pg.Client({ connectionString: options.databaseUrl });
  const reader = new pg.Client({ connectionString: options.databaseUrl });
  await control.connect();
  await reader.connect();
  let locked = false;
  try {
    const { rows } = await control.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      VERIFY_LOCK,
    ]);
    locked = rows[0]?.locked === true;
    if (!locked) throw new Error('another verification of the read models is running');
    await control.query(`drop schema if exists ${quoteIdent(shadow)} cascade`);
    await migrateReadModel(options.databaseUrl, shadow);

    const names = options.projections.map((p) => p.name);
    const livePosition = async () => {
      const { rows: checkpoints } = await control.query<{ position: string | null }>(
        `select min(position) as position from ${quoteIdent(live)}.projection_checkpoints
         where name = any($1) and stopped_position is null`,
        [names],
      );
      return Number(checkpoints[0]?.position ?? 0);
    };
    const capped = new CappedStore(options.store);
    const db = createReadModelDb(options.databaseUrl, shadow, 4, MAINTENANCE_POOL_TIMEOUTS);
    let target = 0;
    const runner = new ProjectionRunner({
      store: capped,
      db,
      projections: options.projections,
      vault: options.vault,
      batchSize: CATCH_UP_BATCH_SIZE,
      catchUpBatchSize: CATCH_UP_BATCH_SIZE,
      swapLock: false,
      onBatch: (position) => options.onProgress?.({ phase: 'projecting', done: position, total: target }),
    });
    let position = 0;
    try {
      await runner.init();
      // Follow the live checkpoint while it moves, so that little is left for the locked step.
      for (let lap = 0; lap < 5; lap++) {
        target = await livePosition();
        if (lap > 0 && target - position <= CATCH_UP_BATCH_SIZE) break;
        capped.cap = target;
        position = await runner.catchUp(target);
      }
      await control.query('select pg_advisory_lock($1)', [READ_MODEL_SWAP_LOCK]);
      try {
        target = await livePosition();
        capped.cap = target;
        position = await runner.catchUp(target);
        const stops = await runner.stops();
        if (stops.length > 0) {
          throw new Error(`the log could not be projected: ${stops.map(projectionStopLine).join('; ')}`);
        }
        // The snapshot both sides are compared in, taken while neither can move.
        await reader.query('begin isolation level repeatable read read only');
        await reader.query('select 1');
      } finally {
        await control.query('select pg_advisory_unlock($1)', [READ_MODEL_SWAP_LOCK]);
      }
    } finally {
      await db.destroy();
    }
    const compared = await compareSchemas(reader, live, shadow, {
      limit: options.limit ?? 100,
      onTable: (done, total) => options.onProgress?.({ phase: 'comparing', done, total }),
    });
    await reader.query('commit');
    return { position, ...compared, seconds: (performance.now() - started) / 1000 };
  } finally {
    await reader.end().catch(() => {});
    if (locked) await control.query(`drop schema if exists ${quoteIdent(shadow)} cascade`).catch(() => {});
    await control.query('select pg_advisory_unlock_all()').catch(() => {});
    await control.end().catch(() => {});
  }
}

/** The result as the command line and the panel say it. */
export function describeReadModelVerdict(result: VerifyReadModelsResult): string {
  if (result.differences.length === 0) return `Equal through position ${result.position}.`;
  const count = `${result.differences.length}${result.more ? '+' : ''}`;
  return `${count} difference(s) at position ${result.position}.`;
}
