import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateReadModel } from '../read-model/database';
import { deferIndexes, READER_ONLY_INDEXES, restoreIndexes } from './deferred-indexes';

let database: TestDatabase;
let client: pg.Client;
const SCHEMA = 'read_model_next';

/** The schema's indexes by name, with their access method and whether they are unique. */
async function indexesOf(schema: string): Promise<{ name: string; method: string; unique: boolean }[]> {
  const { rows } = await client.query<{ name: string; method: string; unique: boolean }>(
    `select c.relname as name, am.amname as method, i.indisunique as unique
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 order by c.relname`,
    [schema],
  );
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase('deferred_indexes');
  await migrateReadModel(database.url, SCHEMA);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

describe('the indexes a rebuild defers', () => {
  it('drops every GIN index and each index only readers use, keeps the keys and the indexes projections look up by, and builds them again as they were', async () => {
    const before = await indexesOf(SCHEMA);
    const names = before.map((index) => index.name);
    // Each named index exists: a renamed one would silently stop being deferred.
    expect(names).toEqual(expect.arrayContaining([...READER_ONLY_INDEXES]));

    const definitions = await deferIndexes(client, SCHEMA);

    const during = (await indexesOf(SCHEMA)).map((index) => index.name);
    for (const name of READER_ONLY_INDEXES) expect(during).not.toContain(name);
    expect((await indexesOf(SCHEMA)).filter((index) => index.method === 'gin')).toEqual([]);
    // Primary keys and unique indexes (on conflict needs them) stay, and so do the indexes a
    // projection finds rows by: a user's sessions, a creator's stories.
    expect(during).toEqual(expect.arrayContaining(before.filter((i) => i.unique).map((i) => i.name)));
    expect(during).toEqual(expect.arrayContaining(['sessions_user_key', 'stories_creator']));
    expect(definitions).toHaveLength(before.length - during.length);

    await restoreIndexes(client, definitions);
    expect(await indexesOf(SCHEMA)).toEqual(before);
  });
});
