import type { Kysely } from 'kysely';

/**
 * stories.changed_at: the position of the batch that last wrote the row (issue 10: query-api's
 * story list reads only the rows changed since its snapshot, not the whole table after every
 * batch of likes). Rows written before this column say 0: a first load reads every row anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stories')
    .addColumn('changed_at', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('stories_changed_at').on('stories').column('changed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').dropColumn('changed_at').execute();
}
