import pg from 'pg';
import { timestampTypes } from './pg-timestamp';

/**
 * Every PostgreSQL pool of the system. The server can end a connection at any time (a restart,
 * a failover, `pg_terminate_backend`); pg then emits 'error' on the client, and on the pool for
 * an idle one, and an 'error' with no listener crashes the process. A client that is checked out
 * (a transaction, the reactors' advisory lock) has no pool listener: it gets one of its own
 * here, once, when the pool opens it. Nothing else to do: the query under way fails with the
 * error (its caller answers 503 or retries), and the caller's release drops the broken
 * connection; the pool opens a new one on the next query.
 *
 * Its timestamps are read by parseTimestamptz (pg-timestamp.ts).
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ types: timestampTypes, ...config });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/**
 * Runs a component's idempotent schema SQL under an advisory lock of its own, so that several
 * processes starting at once do not create the same objects side by side.
 */
export async function installSchema(pool: pg.Pool, lockId: number, schemaSql: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    await client.query(schemaSql);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => {});
    client.release();
  }
}
