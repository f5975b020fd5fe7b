import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent } from '@nocturne/events/store';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../launcher/embedded-postgres';
import { checkServerDurability } from './server-durability';

/**
 * An append is answered only once its commit record is on disk. The test runs its own
 * PostgreSQL with the WAL writer slowed to once in ten seconds, so nothing but the store's own
 * flush can put a commit on disk between the append and the check. The check reads the WAL
 * with pg_walinspect, which sees only what is flushed: the commit of the transaction that wrote
 * the event (the row's xmin) must be there when the append resolves.
 */

let dataDir: string | undefined;
let database: EmbeddedDatabase | undefined;
let store: PostgresEventStore | undefined;
let probe: pg.Client | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-durability-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as "postgres" and must enter it
  database = await startEmbeddedPostgres(dataDir, () => {});
  probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  await probe.query("alter system set wal_writer_delay = '10s'");
  await probe.query("alter system set wal_writer_flush_after = '1GB'");
  await probe.query('select pg_reload_conf()');
  await probe.query('create extension if not exists pg_walinspect');
  store = await PostgresEventStore.connect({ connectionString: database.url });
}, 120_000);

afterAll(async () => {
  await store?.close().catch(() => {});
  await probe?.end().catch(() => {});
  await database?.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function event(): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'DurabilityProbed',
    data: { at: Date.now() },
    metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
  };
}

/** Whether the commit of the transaction that stored this event is in the flushed WAL. */
async function commitIsFlushed(client: pg.Client, eventId: string, from: string): Promise<boolean> {
  const head = await client.query<{ moved: boolean }>(
    'select pg_current_wal_flush_lsn() > $1::pg_lsn as moved',
    [from],
  );
  if (!head.rows[0]!.moved) return false; // nothing flushed since the append began
  const { rows } = await client.query<{ flushed: boolean }>(
    `select exists (
       select 1 from pg_get_wal_records_info($2::pg_lsn, pg_current_wal_flush_lsn())
       where record_type = 'COMMIT'
         and xid::text = (select xmin::text from es_events where event_id = $1)
     ) as flushed`,
    [eventId, from],
  );
  return rows[0]!.flushed;
}

async function insertLsn(client: pg.Client): Promise<string> {
  // Where the WAL reading starts: the insert position before the append.
  const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn() as lsn');
  return rows[0]!.lsn;
}

it('an append resolves only after its commit is flushed (a txid_current() commit flushed nothing)', async () => {
  const settings = await probe!.query<{ wal_writer_delay: string }>('show wal_writer_delay');
  expect(settings.rows[0]!.wal_writer_delay).toBe('10s');
  const unflushed: number[] = [];
  for (let i = 0; i < 20; i++) {
    const from = await insertLsn(probe!);
    const e = event();
    await store!.append(`durability-${randomUUID()}`, [e], 'no_stream');
    if (!(await commitIsFlushed(probe!, e.eventId, from))) unflushed.push(i);
  }
  expect(unflushed).toEqual([]);
}, 60_000);

it('every append of a concurrent group resolves only after its commit is flushed', async () => {
  const from = await insertLsn(probe!);
  const events = Array.from({ length: 32 }, () => event());
  const late: string[] = [];
  await Promise.all(
    events.map(async (e) => {
      await store!.append(`durability-${randomUUID()}`, [e], 'no_stream');
      // Checked on a connection of its own at the moment this append resolves.
      const client = new pg.Client({ connectionString: database!.url });
      await client.connect();
      try {
        if (!(await commitIsFlushed(client, e.eventId, from))) late.push(e.eventId);
      } finally {
        await client.end();
      }
    }),
  );
  expect(late).toEqual([]);
}, 60_000);

it('a database and a role set to synchronous_commit off still get every append flushed before it resolves', async () => {
  await probe!.query("create role lazy login password 'lazy'");
  await probe!.query('create database lazy owner lazy');
  await probe!.query('alter role lazy set synchronous_commit = off');
  await probe!.query('alter database lazy set synchronous_commit = off');
  const url = new URL(database!.url);
  url.username = 'lazy';
  url.password = 'lazy';
  url.pathname = '/lazy';
  const superuser = new URL(database!.url);
  superuser.pathname = '/lazy';
  const lazyProbe = new pg.Client({ connectionString: superuser.toString() });
  await lazyProbe.connect();
  const lazyStore = await PostgresEventStore.connect({ connectionString: url.toString() });
  try {
    await lazyProbe.query('create extension if not exists pg_walinspect');
    const session = new pg.Client({ connectionString: url.toString() });
    await session.connect();
    // What a session of that role in that database commits with, unless it says otherwise.
    expect((await session.query('show synchronous_commit')).rows[0].synchronous_commit).toBe('off');
    await session.end();
    const unflushed: number[] = [];
    for (let i = 0; i < 10; i++) {
      const from = await insertLsn(lazyProbe);
      const e = event();
      await lazyStore.append(`durability-${randomUUID()}`, [e], 'no_stream');
      if (!(await commitIsFlushed(lazyProbe, e.eventId, from))) unflushed.push(i);
    }
    expect(unflushed).toEqual([]);
  } finally {
    await lazyStore.close();
    await lazyProbe.end();
  }
}, 60_000);

it('the start refuses the server once its fsync is off, unless the operator allows it', async () => {
  const lines: string[] = [];
  await expect(
    checkServerDurability(database!.url, false, (line) => lines.push(line)),
  ).resolves.toBeUndefined();
  await probe!.query('alter system set fsync = off');
  await probe!.query('select pg_reload_conf()');
  try {
    await expect.poll(async () => (await probe!.query('show fsync')).rows[0].fsync).toBe('off');
    await expect(checkServerDurability(database!.url, false, (line) => lines.push(line))).rejects.toThrow(
      /fsync off.*ALLOW_FSYNC_OFF=1/,
    );
    expect(lines).toEqual([]);
    await expect(
      checkServerDurability(database!.url, true, (line) => lines.push(line)),
    ).resolves.toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(/fsync off \(allowed by ALLOW_FSYNC_OFF\)/)]);
  } finally {
    await probe!.query('alter system reset fsync');
    await probe!.query('select pg_reload_conf()');
  }
}, 30_000);
