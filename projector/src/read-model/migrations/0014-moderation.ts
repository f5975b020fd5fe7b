import { type Kysely, sql } from 'kysely';

/**
 * Reports and moderation:
 * - stories.hidden_reason: the statement of a moderator's hide (null: visible). A hidden story's
 *   row stays, so a restore brings it back as it was, but every reader of stories leaves it out;
 * - story_images.hidden: its images are not served meanwhile;
 * - the queue's reports, appeals and decisions (projections/moderation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('hidden_reason', 'text').execute();
  await db.schema
    .alterTable('story_images')
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('moderation_reports')
    .addColumn('report_id', 'text', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('reporter_kind', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .execute();
  await db.schema
    .createIndex('moderation_reports_open')
    .on('moderation_reports')
    .columns(['story_id', 'position'])
    .where(sql.ref('outcome'), 'is', null)
    .execute();
  await db.schema
    .createTable('moderation_appeals')
    .addColumn('appeal_id', 'text', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('appealed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .execute();
  await db.schema
    .createTable('moderation_decisions')
    .addColumn('decision_id', 'text', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'jsonb', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('reports_closed', 'integer', (c) => c.notNull())
    .addColumn('appeal_closed', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_decisions_story')
    .on('moderation_decisions')
    .columns(['story_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_decisions').execute();
  await db.schema.dropTable('moderation_appeals').execute();
  await db.schema.dropTable('moderation_reports').execute();
  await db.schema.alterTable('story_images').dropColumn('hidden').execute();
  await db.schema.alterTable('stories').dropColumn('hidden_reason').execute();
}
