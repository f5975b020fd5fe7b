import { type Kysely, sql } from 'kysely';

/**
 * What keeps the Reports and Staff tabs' pages to an index:
 * - the hidden stories newest first (after the queue, the Reports tab pages through them);
 * - the open appeals by story, like the open reports (a page's appeals are read by story id);
 * - the staff list's order: current members before removed ones, newest invitation first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index stories_hidden_position on stories (position desc) where hidden_reason is not null`.execute(
    db,
  );
  await sql`create index moderation_appeals_open on moderation_appeals (story_id, position) where outcome is null`.execute(
    db,
  );
  await sql`create index staff_list on staff ((case when status = 'removed' then 1 else 0 end), invited_at desc, staff_id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('staff_list').execute();
  await db.schema.dropIndex('moderation_appeals_open').execute();
  await db.schema.dropIndex('stories_hidden_position').execute();
}
