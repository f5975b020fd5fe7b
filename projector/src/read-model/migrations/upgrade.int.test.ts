import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, LIVE_SCHEMA, migrateReadModel } from '../database';
import type { ReadModel } from '../schema';
import { migrations } from '.';

let database: TestDatabase;
let db: Kysely<ReadModel>;

/** The read model as a running product has it before the migrations from `first` on. */
async function migrateBefore(first: string): Promise<void> {
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < first));
  await db.schema.createSchema(LIVE_SCHEMA).ifNotExists().execute();
  const migrator = new Migrator({
    db,
    migrationTableSchema: LIVE_SCHEMA,
    provider: { getMigrations: async () => before },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

beforeAll(async () => {
  database = await createTestDatabase('read-model-upgrade');
  db = createReadModelDb(database.url);
  await migrateBefore('0015');
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const ACCOUNT = '22222222-2222-4222-8222-222222222222';

describe('upgrading a running read model', () => {
  it("moves each reader's library to their account, unlinks erased accounts' grants from their address, prepares the locked cards' search words, marks the unlocks of deleted stories and replays the moderation history", async () => {
    const at = new Date('2026-01-01T10:00:00Z');
    await sql`insert into users (user_key, account_id, email, created_at) values ('k1', ${ACCOUNT}, 'a@b.test', ${at})`.execute(
      db,
    );
    await sql`insert into reading (user_key, story_id, slide, finished, saved, updated_at)
      values ('k1', 's1', 2, false, true, ${at}), ('gone', 's1', 1, false, false, ${at})`.execute(db);
    await sql`insert into stories (id, is_premium, slides, preview, card, published_at, position)
      values ('s1', true, '[]', '{}', ${JSON.stringify({ teaser: 'The lamp was lit' })}, ${at}, 1)`.execute(
      db,
    );
    await sql`insert into story_search (story_id, tags_text, texts, is_premium, published_at, position)
      values ('s1', 'sea', ${'The lamp was lit\nA hidden harbour'}, true, ${at}, 1),
             ('s2', 'moon', ${'Only here first\nhidden'}, true, ${at}, 2)`.execute(db);

    // Premium granted to an account of `k1` erased before the live one, and to the erased `gone`.
    await sql`insert into premium_grants (event_id, user_key, granted_at) values
      ('g1', 'k1', ${at}), ('g2', 'k1', '2025-06-01T00:00:00Z'), ('g3', 'gone', ${at}), ('g4', 'gone', ${at})`.execute(
      db,
    );
    await sql`insert into monthly_premium_users (month, user_key) values ('2025-06', 'k1'), ('2026-01', 'k1')`.execute(
      db,
    );

    // Unlocks of a story deleted before unlocks were given back, and of a live one.
    await sql`insert into premium_unlocks (user_key, story_id, unlocked_at) values ('k1', 's1', ${at}), ('k1', 'gone-story', ${at})`.execute(
      db,
    );
    await sql`insert into story_deletions (story_id, deleted_at) values ('gone-story', 7)`.execute(db);
    await sql`insert into projection_checkpoints (name, position) values ('moderation', 90), ('stories', 90)`.execute(
      db,
    );

    await migrateReadModel(database.url);

    expect(
      await db.selectFrom('reading').select(['account_id', 'story_id', 'slide', 'saved']).execute(),
    ).toEqual([{ account_id: ACCOUNT, story_id: 's1', slide: 2, saved: true }]);
    expect(await db.selectFrom('reading_owners').selectAll().execute()).toEqual([
      { user_key: 'k1', account_id: ACCOUNT },
    ]);
    const teasers = await db
      .selectFrom('story_search')
      .select(['story_id', 'teaser'])
      .orderBy('story_id')
      .execute();
    expect(teasers).toEqual([
      { story_id: 's1', teaser: 'The lamp was lit' },
      { story_id: 's2', teaser: 'Only here first' },
    ]);
    const grants = await db
      .selectFrom('premium_grants')
      .select(['event_id', 'user_key'])
      .orderBy('event_id')
      .execute();
    expect(grants[0]).toEqual({ event_id: 'g1', user_key: 'k1' });
    // The grants of erased accounts: under a stand-in each, one per account, not the address's key.
    expect(grants.slice(1).map((g) => g.user_key)).not.toContain('k1');
    expect(grants.slice(1).map((g) => g.user_key)).not.toContain('gone');
    expect(grants[2]!.user_key).toBe(grants[3]!.user_key);
    expect(new Set(grants.map((g) => g.user_key)).size).toBe(3);
    const months = await db.selectFrom('monthly_premium_users').selectAll().orderBy('month').execute();
    expect(months.map((m) => m.user_key)).toEqual([expect.not.stringMatching(/^k1$/), 'k1']);

    const cardMatches = await sql<{ story_id: string }>`select story_id from story_search
      where card_document @@ websearch_to_tsquery('english', 'harbour') or card_document @@ websearch_to_tsquery('english', 'lamp')`.execute(
      db,
    );
    expect(cardMatches.rows).toEqual([{ story_id: 's1' }]);
    // The deleted story's unlock waits to be given back, as a rebuild would mark it.
    expect(
      await db.selectFrom('premium_unlocks').select(['story_id', 'withdrawn']).orderBy('story_id').execute(),
    ).toEqual([
      { story_id: 'gone-story', withdrawn: true },
      { story_id: 's1', withdrawn: false },
    ]);
    // The moderation history reads the log again from its start, to show every earlier removal.
    expect(
      await db.selectFrom('projection_checkpoints').select(['name', 'position']).orderBy('name').execute(),
    ).toEqual([
      { name: 'moderation', position: 0 },
      { name: 'stories', position: 90 },
    ]);
  });
});
