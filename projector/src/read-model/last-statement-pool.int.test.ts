import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb } from './database';
import type { ReadModel } from './schema';

let database: TestDatabase;
let db: Kysely<ReadModel>;

beforeAll(async () => {
  database = await createTestDatabase('last_statement');
  db = createReadModelDb(database.url, 'public', 1);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('the read models pool', () => {
  it('answers a message of several statements with the rows of its last one (pg gives an array, which Kysely read as no rows)', async () => {
    const { rows } = await sql
      .raw<{ n: number }>('select 1 as n; select 2 as n union all select 3')
      .execute(db);
    expect(rows).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('resolves each statement of such a message only after the one before it ran', async () => {
    // Were the names resolved for the whole message first, `u` would not exist yet.
    const { rows } = await sql
      .raw<{ n: number }>('create temporary table u (n int); insert into u values (7); select n from u')
      .execute(db);
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('answers a statement with parameters, and its count of changed rows, as before', async () => {
    await sql`create table if not exists counted (n int)`.execute(db);
    const inserted = await sql`insert into counted values (${1}), (${2})`.execute(db);
    expect(inserted.numAffectedRows).toBe(2n);
    const { rows } = await sql<{ n: number }>`select n from counted where n > ${1}`.execute(db);
    expect(rows).toEqual([{ n: 2 }]);
  });
});
