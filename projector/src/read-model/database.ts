import {
  createPool,
  MAINTENANCE_POOL_TIMEOUTS,
  type PoolTimeouts,
  REQUEST_POOL_TIMEOUTS,
} from '@nocturne/pg-kit';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lastStatementPool } from './last-statement-pool';
import { migrations } from './migrations';
import type { ReadModel } from './schema';

/** The schema that serves queries. A rebuild fills another one and renames it into place. */
export const LIVE_SCHEMA = 'read_model';

// bigint columns (positions) come back as numbers: positions stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const schemaPattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A Kysely instance whose unqualified table names resolve inside `schema` (search_path), so
 * the same typed queries run against the live read model or a rebuild in progress.
 */
export function createReadModelDb(
  connectionString: string,
  schema = LIVE_SCHEMA,
  poolSize = 10,
  timeouts: PoolTimeouts = REQUEST_POOL_TIMEOUTS,
): Kysely<ReadModel> {
  if (!schemaPattern.test(schema)) throw new Error(`bad schema name ${schema}`);
  const pool = createPool(
    { connectionString, max: poolSize, options: `-c search_path=${schema},public` },
    timeouts,
  );
  return new Kysely<ReadModel>({ dialect: new PostgresDialect({ pool: lastStatementPool(pool) }) });
}

/** Creates `schema` if needed and applies every read-model migration to it. */
export async function migrateReadModel(connectionString: string, schema = LIVE_SCHEMA): Promise<void> {
  const db = createReadModelDb(connectionString, schema, 1, MAINTENANCE_POOL_TIMEOUTS);
  try {
    await db.schema.createSchema(schema).ifNotExists().execute();
    const migrator = new Migrator({
      db,
      migrationTableSchema: schema,
      provider: { getMigrations: async () => migrations },
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`read-model migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  } finally {
    await db.destroy();
  }
}
