import { createHash } from 'node:crypto';
import pg from 'pg';
import { clientClassFor } from './multi-host';
import { timestampTypes } from './pg-timestamp';

export { clientClassFor, createClient, parseMultiHostUrl } from './multi-host';

/** How long a pool waits for a connection, and for each statement (ms). */
export interface PoolTimeouts {
  /** A new connection, or a free one from a full pool. */
  connectMs: number;
  /** One statement, on the server (statement_timeout) and, a little longer, on the client. */
  statementMs: number;
}

/**
 * The pools that serve requests: a database that does not answer turns into a 503 with
 * Retry-After within seconds (the error handler's outage answer), never a request that hangs.
 * A connect of 2 s and a statement of 3 s leave a request's answer under 5 s when the database
 * stalls, and are far above what any statement takes on a healthy database.
 */
export const REQUEST_POOL_TIMEOUTS: PoolTimeouts = { connectMs: 2_000, statementMs: 3_000 };

/**
 * The projector's batches in a running product: no request waits on them, and a catch-up batch
 * of thousands of events on a busy machine can outlast a request's 3 s (cancelled, it is only
 * tried again, whole). A minute still ends a statement stuck on a stalled database.
 */
export const BACKGROUND_POOL_TIMEOUTS: PoolTimeouts = { connectMs: 10_000, statementMs: 60_000 };

/** Work that is no request's (migrations, a rebuild): bounded all the same, but generously. */
export const MAINTENANCE_POOL_TIMEOUTS: PoolTimeouts = { connectMs: 10_000, statementMs: 600_000 };

/** The client waits this much longer than the server, so a slow statement fails with the server's clearer error. */
const QUERY_TIMEOUT_GRACE_MS = 500;

/**
 * Every connection commits durably by its own setting, whatever the database or role says
 * (`ALTER DATABASE ... SET synchronous_commit = off` would otherwise turn off the flush an
 * answer waits for). A startup option outranks the database's and the role's defaults; a
 * transaction that may lose its commit in a crash still says so itself (SET LOCAL).
 */
export const DURABLE_SESSION_OPTION = '-c synchronous_commit=on';

/**
 * The connection's startup options with DURABLE_SESSION_OPTION added. A connection string's own
 * `options` would replace the config's, so when it has some the option is added there.
 */
export function durableConnection(config: pg.PoolConfig): pg.PoolConfig {
  const { connectionString } = config;
  // The query string read on its own: a string naming several hosts is no WHATWG URL.
  const at =
    connectionString && /^postgres(ql)?:/i.test(connectionString) ? connectionString.indexOf('?') : -1;
  if (connectionString && at >= 0) {
    const params = new URLSearchParams(connectionString.slice(at + 1));
    const given = params.get('options');
    if (given !== null) {
      params.set('options', `${given} ${DURABLE_SESSION_OPTION}`);
      return { ...config, connectionString: `${connectionString.slice(0, at)}?${params.toString()}` };
    }
  }
  const options = config.options ? `${config.options} ${DURABLE_SESSION_OPTION}` : DURABLE_SESSION_OPTION;
  return { ...config, options };
}

/**
 * Every PostgreSQL pool of the system. The server can end a connection at any time (a restart,
 * a failover, `pg_terminate_backend`); pg then emits 'error' on the client, and on the pool for
 * an idle one, and an 'error' with no listener crashes the process. A client that is checked out
 * (a transaction, the reactors' advisory lock) has no pool listener: it gets one of its own
 * here, once, when the pool opens it. Nothing else to do: the query under way fails with the
 * error (its caller answers 503 or retries), and the caller's release drops the broken
 * connection; the pool opens a new one on the next query.
 *
 * Its timestamps are read by parseTimestamptz (pg-timestamp.ts); its connections commit with
 * synchronous_commit on, whatever the server's defaults (DURABLE_SESSION_OPTION).
 */
export function createPool(config: pg.PoolConfig, timeouts: PoolTimeouts = REQUEST_POOL_TIMEOUTS): pg.Pool {
  const pool = new pg.Pool({
    // Several hosts (db-a,db-b/...?target_session_attrs=read-write): each connection finds the primary.
    Client: clientClassFor(config.connectionString),
    types: timestampTypes,
    connectionTimeoutMillis: timeouts.connectMs,
    // Both sides: the server cancels a statement that runs too long (and frees its locks), and
    // the client stops waiting for a server that does not answer at all (a stalled or frozen
    // process, a network that drops packets), which no server-side timeout can catch.
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_GRACE_MS,
    ...durableConnection(config),
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** Which schema script each component last installed (by its lock id), as a digest of the script. */
const INSTALLED_SCHEMAS = 'nocturne_installed_schemas';

async function installedDigest(client: pg.Pool | pg.PoolClient, lockId: number): Promise<string | null> {
  const { rows: table } = await client.query<{ exists: boolean }>(
    `select to_regclass('${INSTALLED_SCHEMAS}') is not null as exists`,
  );
  if (!table[0]?.exists) return null;
  const { rows } = await client.query<{ digest: string }>(
    `select digest from ${INSTALLED_SCHEMAS} where lock_id = $1`,
    [lockId],
  );
  return rows[0]?.digest ?? null;
}

/**
 * Runs a component's idempotent schema SQL under an advisory lock of its own, so that several
 * processes starting at once do not create the same objects side by side; and only when that
 * script is not the one installed already. A process that starts beside running ones then takes
 * no lock on their tables: even a no-op `alter table ... if not exists` takes the table's
 * strongest lock, and deadlocked the appends of the processes already serving.
 */
export async function installSchema(pool: pg.Pool, lockId: number, schemaSql: string): Promise<void> {
  const digest = createHash('sha256').update(schemaSql).digest('hex');
  if ((await installedDigest(pool, lockId)) === digest) return;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockId]);
    if ((await installedDigest(client, lockId)) === digest) return;
    await client.query(schemaSql);
    await client.query(
      `create table if not exists ${INSTALLED_SCHEMAS} (lock_id bigint primary key, digest text not null)`,
    );
    await client.query(
      `insert into ${INSTALLED_SCHEMAS} (lock_id, digest) values ($1, $2)
       on conflict (lock_id) do update set digest = excluded.digest`,
      [lockId, digest],
    );
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => {});
    client.release();
  }
}

/** A name (schema, table, index) as an SQL identifier, quoted: `quoteIdent('a"b')` is `"a""b"`. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
