import { createTestDatabase, type TestDatabase } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEvent, uniqueStream } from '../contract/event-store-contract';
import type { NewEvent } from '../port';
import { PostgresEventStore, STREAM_TYPES_SQL } from './postgres-event-store';
import { SCHEMA_LOCK } from './schema';
import { STREAM_TYPE_INDEX } from './stream-type-index';

let db: TestDatabase;
let sql: pg.Client;
const opened: PostgresEventStore[] = [];
const others: pg.Client[] = [];

async function connect(): Promise<PostgresEventStore> {
  const store = await PostgresEventStore.connect({ connectionString: db.url });
  opened.push(store);
  return store;
}

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  others.push(c);
  return c;
}

beforeEach(async () => {
  db = await createTestDatabase('es_stream_type');
  sql = await client();
});

afterEach(async () => {
  try {
    for (const c of others.splice(0)) await c.end().catch(() => {});
    for (const store of opened.splice(0)) await store.close();
  } finally {
    await db.drop();
  }
});

async function indexValid(): Promise<boolean | null> {
  const { rows } = await sql.query<{ valid: boolean }>(
    'select indisvalid as valid from pg_index where indexrelid = to_regclass($1)',
    [STREAM_TYPE_INDEX],
  );
  return rows[0]?.valid ?? null;
}

/** Until the build under way has put the index in the catalog (not valid yet): false if it never does. */
async function buildUnderWay(): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while ((await indexValid()) === null) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** A log from before the index: its rows, no index, and the schema script of then the one installed. */
async function asBeforeTheIndex(store: PostgresEventStore): Promise<void> {
  await store.append(
    uniqueStream('user'),
    [newEvent('UserRegistered'), newEvent('UserLoggedIn')],
    'no_stream',
  );
  await sql.query(`drop index ${STREAM_TYPE_INDEX}`);
  await sql.query('update nocturne_installed_schemas set digest = $1 where lock_id = $2', [
    'before the stream-type index',
    SCHEMA_LOCK,
  ]);
}

/** What a build that was cut short leaves: the index in the catalog, not valid. */
async function leftoverOfAnInterruptedBuild(): Promise<void> {
  const inFlight = await client();
  await inFlight.query('begin');
  await inFlight.query('lock table es_events in row exclusive mode');
  const builder = await client();
  const { rows } = await builder.query<{ pid: number }>('select pg_backend_pid() as pid');
  const building = builder.query(
    `create index concurrently ${STREAM_TYPE_INDEX} on es_events (stream_name, type)`,
  );
  const cut = expect(building).rejects.toThrow(/cancel/);
  // The build waits for the append in flight, with its index in the catalog already.
  expect(await buildUnderWay()).toBe(true);
  await sql.query('select pg_cancel_backend($1)', [rows[0]!.pid]);
  await cut;
  await inFlight.query('rollback');
  expect(await indexValid()).toBe(false);
}

function within<T>(ms: number, what: Promise<T>): Promise<T | 'timed out'> {
  return Promise.race([
    what,
    new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms)),
  ]);
}

describe('readStreamTypes on a long stream', () => {
  it("reads only the asked types' rows, not the stream's (an account's 10,000 logins were all read from the table)", async () => {
    const store = await connect();
    const account = uniqueStream('user');
    // 15 audited events spread over 10,000, the rest logins and logouts, in appends of 100
    // between other streams' events, as an account signs in month after month.
    const audited = new Set([0, 1, 2500, 5000, 7500, ...Array.from({ length: 10 }, (_, k) => 9990 + k)]);
    const events: NewEvent[] = Array.from({ length: 10_000 }, (_, i) =>
      newEvent(audited.has(i) ? 'PremiumStoryUnlocked' : i % 2 === 0 ? 'UserLoggedIn' : 'UserLoggedOut'),
    );
    for (let k = 0; k < events.length; k += 100) {
      await store.append(account, events.slice(k, k + 100), 'any');
      // Other accounts' events of the same types: a type alone is not selective either.
      await Promise.all(
        Array.from({ length: 10 }, () =>
          store.append(
            uniqueStream('user'),
            [newEvent('PremiumStoryUnlocked'), newEvent('UserLoggedIn')],
            'any',
          ),
        ),
      );
    }
    await sql.query('analyze es_events');
    const types = ['PremiumStoryUnlocked', 'PremiumGranted'];
    expect((await store.readStreamTypes(account, types)).map((e) => e.streamRevision)).toEqual(
      [...audited].sort((a, b) => a - b),
    );

    const { rows } = await sql.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, buffers, format json) ${STREAM_TYPES_SQL}`,
      [account, types],
    );
    const plan = rows[0]!['QUERY PLAN'][0].Plan;
    expect(indexesOf(plan)).toEqual([STREAM_TYPE_INDEX]);
    // The 15 rows' pages and a few of the index's; the stream's rows fill hundreds.
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(40);
  });
});

interface PlanNode {
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/**
 * A log without the index, and an append of another process not yet committed (its transaction,
 * returned, to roll back): a plain CREATE INDEX would wait for it, and every append after it would
 * queue behind the CREATE INDEX.
 */
async function withoutTheIndexAndAnAppendInFlight(): Promise<pg.Client> {
  await connect();
  await sql.query(`drop index ${STREAM_TYPE_INDEX}`);
  const inFlight = await client();
  await inFlight.query('begin');
  await inFlight.query('lock table es_events in row exclusive mode');
  return inFlight;
}

describe('the stream-type index on connect', () => {
  it('is made with the schema on a new log', async () => {
    const store = await connect();
    expect(await store.streamTypeIndex).toEqual({ state: 'present' });
    expect(await indexValid()).toBe(true);
  });

  it('is built on a log from before it when a store next connects', async () => {
    await asBeforeTheIndex(await connect());
    const store = await connect();
    expect(await store.streamTypeIndex).toMatchObject({ state: 'built' });
    expect(await indexValid()).toBe(true);
  });

  it('is built beside appends: the store serves and appends while the build waits for an append in flight', async () => {
    const inFlight = await withoutTheIndexAndAnAppendInFlight();
    const store = await within(10_000, connect());
    if (store === 'timed out') throw new Error('the connect waited for the build');
    expect(await buildUnderWay()).toBe(true);
    const appended = await within(
      10_000,
      store.append(uniqueStream('user'), [newEvent('UserLoggedIn')], 'any'),
    );
    expect(appended).not.toBe('timed out');
    expect(await indexValid()).toBe(false);
    await inFlight.query('rollback');
    expect(await store.streamTypeIndex).toMatchObject({ state: 'built' });
    expect(await indexValid()).toBe(true);
  });

  it('drops and builds again the invalid index an interrupted build left', async () => {
    await connect();
    await sql.query(`drop index ${STREAM_TYPE_INDEX}`);
    await leftoverOfAnInterruptedBuild();
    const store = await connect();
    expect(await store.streamTypeIndex).toMatchObject({ state: 'built' });
    expect(await indexValid()).toBe(true);
  });

  it('leaves an invalid index alone while another session holds the schema lock (its build may be under way)', async () => {
    await connect();
    await sql.query(`drop index ${STREAM_TYPE_INDEX}`);
    await leftoverOfAnInterruptedBuild();
    const holder = await client();
    await holder.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    const store = await connect();
    expect(await store.streamTypeIndex).toEqual({ state: 'elsewhere' });
    expect(await indexValid()).toBe(false);
  });

  it('is finished by the server when the store closes during the build', async () => {
    const inFlight = await withoutTheIndexAndAnAppendInFlight();
    const store = await connect();
    expect(await buildUnderWay()).toBe(true);
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    expect(await store.streamTypeIndex).toEqual({ state: 'left' });
    await inFlight.query('rollback');
    const deadline = Date.now() + 10_000;
    while ((await indexValid()) !== true && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await indexValid()).toBe(true);
  });
});
