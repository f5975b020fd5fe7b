import { type Kysely, sql } from 'kysely';

/**
 * Unlocks given back once their story is withdrawn (projections/stories/premium-unlocks):
 * premium_unlocks marks the unlocks of stories unpublished or deleted (`withdrawn`) until the
 * return is folded, which removes the row; the unlock returner reads the marked ones through a
 * partial index. Unlocks of stories withdrawn before are marked here, as a rebuild marks them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('premium_unlocks')
    .addColumn('withdrawn', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('premium_unlocks_story').on('premium_unlocks').column('story_id').execute();
  await sql`create index premium_unlocks_withdrawn on premium_unlocks (user_key, story_id) where withdrawn`.execute(
    db,
  );
  await sql`update premium_unlocks set withdrawn = true
    where story_id in (select story_id from story_deletions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('premium_unlocks_withdrawn').execute();
  await db.schema.dropIndex('premium_unlocks_story').execute();
  await db.schema.alterTable('premium_unlocks').dropColumn('withdrawn').execute();
}
