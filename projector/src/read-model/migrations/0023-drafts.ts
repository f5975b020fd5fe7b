import type { Kysely } from 'kysely';

/**
 * Creators' drafts (projections/drafts): each draft's content as last saved, seen by its creator
 * only, and when it is scheduled; the scheduler reads the due ones (drafts_due).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drafts')
    .addColumn('story_id', 'text', (c) => c.primaryKey())
    .addColumn('creator_key', 'text', (c) => c.notNull())
    .addColumn('slides', 'jsonb', (c) => c.notNull())
    .addColumn('preview', 'jsonb', (c) => c.notNull())
    .addColumn('is_premium', 'boolean', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull())
    .addColumn('warnings', 'jsonb', (c) => c.notNull())
    .addColumn('publish_at', 'timestamptz')
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drafts_by_creator')
    .on('drafts')
    .columns(['creator_key', 'saved_at'])
    .execute();
  await db.schema
    .createIndex('drafts_due')
    .on('drafts')
    .column('publish_at')
    .where('publish_at', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drafts').execute();
}
