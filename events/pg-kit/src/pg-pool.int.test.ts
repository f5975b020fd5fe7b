import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, DURABLE_SESSION_OPTION, durableConnection, quoteIdent } from './pg-pool';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('pg_pool');
});
afterAll(async () => {
  await database?.drop();
});

it('survives the server ending an idle connection, and serves the next query', async () => {
  const pool = createPool({ connectionString: database.url, max: 1 });
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  // The pool drops the idle client once its 'error' has arrived (without a listener that error
  // would be an uncaught exception): wait for exactly that, not for a guessed while.
  const dropped = new Promise((resolve) => pool.once('remove', resolve));
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
  await admin.end();
  await dropped;
  expect(pool.totalCount).toBe(0);
  const again = await pool.query<{ one: number }>('select 1 as one');
  expect(again.rows[0]!.one).toBe(1);
  await pool.end();
});

it('survives the server ending a checked-out connection: the holder gets the error, the process goes on', async () => {
  const pool = createPool({ connectionString: database.url, max: 1 });
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  // A client checked out of a pg pool has no pool listener: without one of its own, the 'error'
  // it emits when its connection is cut would be an uncaught exception (vitest fails the run).
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const cut = expect(client.query('select pg_sleep(5)')).rejects.toThrow(/terminat/);
  await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
  await admin.end();
  await cut;
  await new Promise((resolve) => setTimeout(resolve, 50)); // the 'error' event follows the rejection
  client.release(true);
  const again = await pool.query<{ one: number }>('select 1 as one');
  expect(again.rows[0]!.one).toBe(1);
  await pool.end();
});

it('reads a timestamptz as the same instant whatever the session time zone', async () => {
  const instant = '2026-11-26T06:38:09.123Z';
  for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles']) {
    const pool = createPool({ connectionString: database.url, max: 1, options: `-c TimeZone=${zone}` });
    const { rows } = await pool.query<{ at: Date; text: string }>(
      'select $1::timestamptz as at, $1::timestamptz::text as text',
      [instant],
    );
    expect(rows[0]!.at.toISOString(), `${zone}: ${rows[0]!.text}`).toBe(instant);
    await pool.end();
  }
});

it('commits durably whatever the database and the role say: synchronous_commit on in every session', async () => {
  const role = `lazy_${database.name}`.slice(0, 60);
  const roleSql = quoteIdent(role);
  const databaseSql = quoteIdent(database.name);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    await admin.query(`create role ${roleSql} login password 'lazy'`);
    await admin.query(`grant all on database ${databaseSql} to ${roleSql}`);
    await admin.query(`alter role ${roleSql} set synchronous_commit = off`);
    await admin.query(`alter database ${databaseSql} set synchronous_commit = off`);
    const url = new URL(database.url);
    url.username = encodeURIComponent(role);
    url.password = 'lazy';
    // Without the pool's own setting, a session of this role in this database commits lazily.
    const plain = new pg.Client({ connectionString: url.toString() });
    await plain.connect();
    expect((await plain.query('show synchronous_commit')).rows[0].synchronous_commit).toBe('off');
    await plain.end();
    for (const connectionString of [url.toString(), `${url.toString()}?options=-c%20TimeZone%3DUTC`]) {
      const pool = createPool({ connectionString, max: 1 });
      const { rows } = await pool.query('show synchronous_commit');
      expect(rows[0].synchronous_commit, connectionString).toBe('on');
      await pool.end();
    }
  } finally {
    await admin.query(`alter database ${databaseSql} reset synchronous_commit`);
    await admin.query(`drop owned by ${roleSql}`).catch(() => {});
    await admin.query(`drop role if exists ${roleSql}`);
    await admin.end();
  }
});

it("keeps the caller's own startup options and a connection string's, adding the durable one", () => {
  expect(durableConnection({ options: '-c TimeZone=UTC' }).options).toBe(
    `-c TimeZone=UTC ${DURABLE_SESSION_OPTION}`,
  );
  const fromUrl = durableConnection({ connectionString: 'postgres://u@h/db?options=-c%20TimeZone%3DUTC' });
  expect(new URL(fromUrl.connectionString!).searchParams.get('options')).toBe(
    `-c TimeZone=UTC ${DURABLE_SESSION_OPTION}`,
  );
  expect(durableConnection({ connectionString: 'postgres://u@h/db' }).options).toBe(DURABLE_SESSION_OPTION);
});
