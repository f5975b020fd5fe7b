import type { Kysely } from 'kysely';

/**
 * What the story list needs to read only what changed since its snapshot (not the
 * whole table after every batch of likes):
 * - stories.changed_at: the position of the batch that last wrote the row (rows written before
 *   this column say 0: a first load reads every row anyway);
 * - story_deletions: each deleted story and the position of the batch that deleted it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stories')
    .addColumn('changed_at', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('stories_changed_at').on('stories').column('changed_at').execute();
  await db.schema
    .createTable('story_deletions')
    .addColumn('story_id', 'text', (column) => column.primaryKey())
    .addColumn('deleted_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('story_deletions_deleted_at')
    .on('story_deletions')
    .column('deleted_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('story_deletions').execute();
  await db.schema.alterTable('stories').dropColumn('changed_at').execute();
}
