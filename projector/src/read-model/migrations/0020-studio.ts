import type { Kysely } from 'kysely';

/**
 * The creator's studio (projections/studio): each story's views and likes by day, and each
 * logged-in reader's furthest slide and finish of it (unique readers, finished reads and the
 * slide-by-slide reach are counted from these).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_daily')
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('studio_daily_pk', ['story_id', 'day'])
    .execute();
  await db.schema
    .createTable('studio_readers')
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('max_slide', 'integer', (c) => c.notNull())
    .addColumn('finished', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_readers_pk', ['story_id', 'user_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_readers').execute();
  await db.schema.dropTable('studio_daily').execute();
}
