import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from './postgres-event-store';
import { describeChainVerdict, verifyHashChain } from './verify-chain';

const event = (type: string, data: unknown) => ({
  eventId: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', correlationId: randomUUID() },
});

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let store: PostgresEventStore;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase('es_hash_chain');
  store = await PostgresEventStore.connect({ connectionString: db.url });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // 30 events: single appends, appends of several events, and appends that go as one group.
  for (let i = 0; i < 10; i++) {
    await store.append(`story-${i % 3}`, [event('StoryLiked', { n: i, text: 'é ✓ "quoted"' })], 'any');
  }
  await store.append(
    'user-a',
    [event('UserRegistered', { a: 1 }), event('EmailVerified', { b: [1, 2] })],
    'any',
  );
  await Promise.all(
    Array.from({ length: 18 }, (_, i) =>
      store.append(`story_likes-${i % 4}`, [event('StoryLiked', { i })], 'any'),
    ),
  );
});

afterAll(async () => {
  await sql?.end();
  await store?.close();
  await db?.drop();
});

const verify = () => verifyHashChain(db.url, { batchSize: 7 });

async function head(): Promise<{ position: number; hash: string }> {
  const { rows } = await sql.query<{ position: string; hash: Buffer }>(
    'select position, hash from es_events order by position desc limit 1',
  );
  return { position: Number(rows[0]!.position), hash: rows[0]!.hash.toString('hex') };
}

describe('the hash chain of the PostgreSQL log', () => {
  it('verifies an untouched log as intact through its head, with the head hash stored there', async () => {
    const verdict = await verify();
    const last = await head();
    expect(last.position).toBe(30);
    expect(verdict).toMatchObject({ intact: true, through: 30, headHash: last.hash });
    expect(describeChainVerdict(verdict)).toBe(`Intact through position 30. Head hash: ${last.hash}`);
  });

  it('names the position whose data was changed with SQL', async () => {
    const { rows } = await sql.query<{ data: unknown }>('select data from es_events where position = 12');
    await sql.query(`update es_events set data = jsonb_set(data, '{i}', '99') where position = 12`);
    try {
      expect(await verify()).toMatchObject({ intact: false, position: 12, problem: 'altered' });
    } finally {
      await sql.query('update es_events set data = $1 where position = 12', [JSON.stringify(rows[0]!.data)]);
    }
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
  });

  it('names a changed time, stream revision or metadata too', async () => {
    for (const change of [
      `recorded_at = recorded_at + interval '1 microsecond'`,
      'stream_revision = stream_revision + 100',
      `metadata = metadata || '{"actor":"someone else"}'`,
      `type = 'StoryUnliked'`,
    ]) {
      await sql.query(`update es_events set ${change} where position = 20`);
      const verdict = await verify();
      await restore(20);
      expect(verdict, change).toMatchObject({ intact: false, position: 20, problem: 'altered' });
    }
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names the position of a deleted event, also when the later events are renumbered', async () => {
    const saved = await sql.query(`${selectRows} where position = 7`);
    await sql.query('delete from es_events where position = 7');
    expect(await verify()).toMatchObject({ intact: false, position: 7, problem: 'missing' });
    // Closing the gap moves the next event to 7, whose hash chains the removed one.
    await shift('position > 7', -1);
    expect(await verify()).toMatchObject({ intact: false, position: 7, problem: 'altered' });
    await shift('position >= 7', 1);
    await insertRow(saved.rows[0]);
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
    // The walk checks ranges of 7 here: 7 ended one, 8 begins the next.
    const first = await sql.query(`${selectRows} where position = 8`);
    await sql.query('delete from es_events where position = 8');
    expect(await verify()).toMatchObject({ intact: false, position: 8, problem: 'missing' });
    await insertRow(first.rows[0]);
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
  });

  it('names the first event when it was deleted', async () => {
    const saved = await sql.query(`${selectRows} where position = 1`);
    await sql.query('delete from es_events where position = 1');
    try {
      expect(await verify()).toMatchObject({ intact: false, position: 1, problem: 'missing' });
    } finally {
      await insertRow(saved.rows[0]);
    }
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
  });

  it('names the earlier of two breaks in ranges checked at once on different connections', async () => {
    // Ranges of 7: 23 is in the fourth, 27 and 29 in the fifth; all of them are in flight at once.
    const saved = await sql.query<Row>(`${selectRows} where position in (23, 27, 29) order by position`);
    await sql.query('delete from es_events where position = 29');
    await sql.query(`update es_events set data = '{"forged":true}' where position = 27`);
    await sql.query(`update es_events set data = '{"forged":true}' where position = 23`);
    try {
      expect(await verify()).toMatchObject({ intact: false, position: 23, problem: 'altered' });
      await sql.query('delete from es_events where position = 23');
      await insertRow(saved.rows[0]!);
      expect(await verify()).toMatchObject({ intact: false, position: 27, problem: 'altered' });
      await sql.query('update es_events set hash = null where position = 27');
      expect(await verify()).toMatchObject({ intact: false, position: 27, problem: 'unchained' });
    } finally {
      await sql.query('delete from es_events where position in (23, 27)');
      for (const row of saved.rows) await insertRow(row);
    }
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
  });

  it('names the first of two swapped events', async () => {
    await swap(9, 15);
    try {
      expect(await verify()).toMatchObject({ intact: false, position: 9, problem: 'altered' });
    } finally {
      await swap(9, 15);
    }
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
  });

  it('catches a rewrite that recomputed every hash only against a head hash noted earlier', async () => {
    const noted = await head();
    expect(await verifyHashChain(db.url, { noted })).toMatchObject({ intact: true });
    const saved = await snapshot();
    try {
      await sql.query(`update es_events set data = '{"forged":true}' where position = 3`);
      await sql.query('update es_events set hash = null where position >= 3');
      await sql.query('select es_chain_unchained()');
      // The chain is whole again: only the noted hash tells.
      expect(await verify()).toMatchObject({ intact: true, through: 30 });
      expect(await verifyHashChain(db.url, { noted })).toMatchObject({
        intact: false,
        position: 30,
        problem: 'differs-from-noted',
      });
    } finally {
      await putBack(saved);
    }
    expect(await verifyHashChain(db.url, { noted })).toMatchObject({ intact: true });
  });

  it('chains a log written before the chain existed when the store next connects, as appends would have', async () => {
    const before = await snapshot();
    // The schema of a version before the chain: no hash column, and its script the one installed.
    await sql.query('alter table es_events drop column hash');
    await sql.query(
      "update nocturne_installed_schemas set digest = 'before the chain' where lock_id = 8202610",
    );
    const again = await PostgresEventStore.connect({ connectionString: db.url });
    await again.close();
    const after = await snapshot();
    expect(after.map((r) => r.hash.toString('hex'))).toEqual(before.map((r) => r.hash.toString('hex')));
    expect(await verify()).toMatchObject({ intact: true, through: 30 });
  });

  it('goes on chaining appends after the head', async () => {
    await store.append('story-9', [event('StoryLiked', {})], 'any');
    expect(await verify()).toMatchObject({ intact: true, through: 31 });
  });

  it('says an event written without a hash is unchained', async () => {
    const unchained = await PostgresEventStore.connect({ connectionString: db.url, hashChain: false });
    try {
      const { position } = await unchained.append('story-9', [event('StoryLiked', {})], 'any');
      expect(await verify()).toMatchObject({ intact: false, position, problem: 'unchained' });
    } finally {
      await unchained.close();
    }
    await sql.query('select es_chain_unchained()');
    expect(await verify()).toMatchObject({ intact: true, through: 32 });
  });
});

/** recorded_at as text too: a Date would drop its microseconds, which the hash covers. */
const selectRows = 'select *, recorded_at::text as recorded_text from es_events';

type Row = { position: string; hash: Buffer } & Record<string, unknown>;

async function snapshot(): Promise<Row[]> {
  return (await sql.query<Row>(`${selectRows} order by position`)).rows;
}

async function insertRow(row: Record<string, unknown>): Promise<void> {
  await sql.query(
    `insert into es_events (position, event_id, stream_name, stream_revision, type, data, metadata, recorded_at, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9)`,
    [
      row.position,
      row.event_id,
      row.stream_name,
      row.stream_revision,
      row.type,
      JSON.stringify(row.data),
      JSON.stringify(row.metadata),
      row.recorded_text,
      row.hash,
    ],
  );
}

async function putBack(rows: Row[]): Promise<void> {
  await sql.query('delete from es_events');
  for (const row of rows) await insertRow(row);
}

const copies = new Map<number, Row[]>();
async function restore(position: number): Promise<void> {
  const saved = copies.get(position);
  if (!saved) throw new Error('no copy');
  await sql.query('delete from es_events where position = $1', [position]);
  await insertRow(saved[0]!);
}

/** Moves positions by `by` (through negatives: the primary key is checked row by row). */
async function shift(where: string, by: number): Promise<void> {
  await sql.query(`update es_events set position = -(position + ${by}) where ${where}`);
  await sql.query('update es_events set position = -position where position < 0');
}

async function swap(a: number, b: number): Promise<void> {
  await sql.query('begin');
  await sql.query('update es_events set position = -1 where position = $1', [a]);
  await sql.query('update es_events set position = $1 where position = $2', [a, b]);
  await sql.query('update es_events set position = $1 where position = -1', [b]);
  await sql.query('commit');
}

beforeAll(async () => {
  copies.set(20, (await sql.query<Row>(`${selectRows} where position = 20`)).rows);
});
