import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A pool for Kysely's PostgresDialect whose clients answer a message of several statements
 * (the simple protocol: no parameters) with the result of its last statement, as psql shows it.
 * pg answers such a message with an array of results, which Kysely reads as no rows at all.
 *
 * It lets one round trip both open a transaction and read under it, where each statement must
 * be resolved only after the one before it ran (projection-runner.ts):
 *
 * @example
 *   const dialect = new PostgresDialect({ pool: lastStatementPool(pool) });
 *   const db = new Kysely<ReadModel>({ dialect });
 *   // One round trip; the rows are the last statement's.
 *   const { rows } = await sql.raw('create temporary table u (n int); select n from u').execute(db);
 */
export function lastStatementPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled client: Kysely keeps its connection objects per client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function wrap(client: pg.PoolClient): PostgresPoolClient {
  return {
    // Kysely's cursors (streamQuery) are not used on the read models' pools.
    query: (async (text: string, parameters: readonly unknown[]) => {
      // Kysely hands over a fresh array of its own: no copy here.
      const result: pg.QueryResult | pg.QueryResult[] = await client.query(text, parameters as unknown[]);
      return Array.isArray(result) ? result.at(-1) : result;
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}
