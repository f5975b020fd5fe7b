import pg from 'pg';

/**
 * Every PostgreSQL pool of the system. A pool's idle connection can be ended by the server
 * (a restart, a failover, `pg_terminate_backend`); pg then emits 'error' on the pool, and an
 * 'error' with no listener would crash the process. The pool drops that connection and opens a
 * new one on the next query, so there is nothing else to do.
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => {});
  return pool;
}
