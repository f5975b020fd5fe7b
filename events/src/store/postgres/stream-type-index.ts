import pg from 'pg';

/**
 * The index readStreamTypes reads one stream's few types by (the audit's events among an
 * account's logins): without it the stream's key finds every row of the stream and the type is
 * checked on each row in the table, so the read grows with the stream instead of with what it
 * answers. A stream's repeated type is one key of the B-tree (deduplication), so the index
 * stays small however many logins share it.
 */
export const STREAM_TYPE_INDEX = 'es_events_stream_type';
const definition = `${STREAM_TYPE_INDEX} on es_events (stream_name, type)`;

/**
 * For the schema script: on an empty log (a new database) the index is made there, at no cost.
 * On a log with rows a plain CREATE INDEX would hold appends off for the whole build, so it is
 * left to StreamTypeIndexBuild, which builds it beside them.
 */
export const streamTypeIndexOnEmptyLogSql = `
do $$ begin
  if to_regclass('${STREAM_TYPE_INDEX}') is null and not exists (select from es_events) then
    create index ${definition};
  end if;
end $$;`;

/** What a store's connect did about the index. */
export type StreamTypeIndexOutcome =
  | { state: 'present' }
  | { state: 'built'; seconds: number }
  /** Another session holds the schema's lock: it installs the schema, or builds this index. */
  | { state: 'elsewhere' }
  /** The store closed first: the server finishes a build under way; the next connect makes one not begun. */
  | { state: 'left' }
  /** Nothing is lost: the next connect finds the index missing or invalid and builds it again. */
  | { state: 'failed'; error: unknown };

type Queryable = Pick<pg.Pool | pg.Client, 'query'>;

async function indexState(db: Queryable): Promise<'valid' | 'invalid' | 'missing'> {
  const { rows } = await db.query<{ valid: boolean }>(
    'select indisvalid as valid from pg_index where indexrelid = to_regclass($1)',
    [STREAM_TYPE_INDEX],
  );
  if (rows.length === 0) return 'missing';
  return rows[0]!.valid ? 'valid' : 'invalid';
}

/**
 * Makes sure the index exists and is valid, building it with CREATE INDEX CONCURRENTLY when it
 * does not: appends and reads go on during the build, which on a large log takes minutes. So the
 * build runs in the background, on a connection of its own with neither statement nor lock
 * timeout (a request's would cancel it), and `outcome` says how it ended; the store serves
 * meanwhile, its stream reads as they were before the index.
 *
 * It holds the schema's advisory lock for the build, as a session lock of that connection: one
 * session builds while the others leave it to it, and a newer version's schema install waits on
 * the lock instead of queueing behind the build for a lock on es_events, where it would hold
 * appends off until the build ends. Under the lock an invalid index can only be what an
 * interrupted build left (a session that dies releases the lock): it is dropped and built again.
 *
 * `leave()` ends the connection without waiting: PostgreSQL finishes a concurrent build whose
 * client went away (it looks at the connection again only to answer, unless
 * client_connection_check_interval is set), so a process that stops during the build loses
 * nothing of it.
 */
export class StreamTypeIndexBuild {
  readonly outcome: Promise<StreamTypeIndexOutcome>;
  private client: pg.Client | undefined;
  private leaving = false;

  private constructor(needed: boolean, connectionString: string, schemaLock: number) {
    this.outcome = needed ? this.run(connectionString, schemaLock) : Promise.resolve({ state: 'present' });
  }

  /** Looks at the catalog on the pool (one lookup) and starts the build only when needed. */
  static async start(
    pool: pg.Pool,
    connectionString: string,
    schemaLock: number,
  ): Promise<StreamTypeIndexBuild> {
    const needed = (await indexState(pool)) !== 'valid';
    return new StreamTypeIndexBuild(needed, connectionString, schemaLock);
  }

  private async run(connectionString: string, schemaLock: number): Promise<StreamTypeIndexOutcome> {
    const client = new pg.Client({ connectionString });
    // A connection the server ends would otherwise emit an 'error' nobody listens to.
    client.on('error', () => {});
    this.client = client;
    try {
      await client.connect();
      await client.query('set statement_timeout = 0; set lock_timeout = 0');
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        schemaLock,
      ]);
      if (!rows[0]!.locked) return { state: 'elsewhere' };
      const started = performance.now();
      const state = await indexState(client);
      if (state === 'valid') return { state: 'present' };
      if (state === 'invalid') await client.query(`drop index concurrently if exists ${STREAM_TYPE_INDEX}`);
      await client.query(`create index concurrently ${definition}`);
      return { state: 'built', seconds: (performance.now() - started) / 1000 };
    } catch (error) {
      if (this.leaving) return { state: 'left' };
      return { state: 'failed', error };
    } finally {
      // The lock is the session's: it ends with the connection.
      if (!this.leaving) await client.end().catch(() => {});
    }
  }

  /** Ends the build's connection now; the server finishes a build under way. */
  async leave(): Promise<void> {
    if (this.leaving) return;
    this.leaving = true;
    await this.client?.end().catch(() => {});
  }
}
