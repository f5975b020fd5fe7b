import type { Kysely } from 'kysely';

/** reading: one row per reader and story (resume anywhere, and the reader's library shelves). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reading')
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('slide', 'integer')
    .addColumn('finished', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('saved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('saved_at', 'timestamptz')
    .addPrimaryKeyConstraint('reading_pk', ['user_key', 'story_id'])
    .execute();
  // A deleted story's rows go (StoryDeleted), found by story.
  await db.schema.createIndex('reading_story').on('reading').column('story_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading').execute();
}
