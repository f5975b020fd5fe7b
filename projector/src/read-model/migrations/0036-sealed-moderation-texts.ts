import { type Kysely, sql } from 'kysely';

/**
 * What reporters and appealing creators wrote is sealed under the writer's key
 * (projections/moderation keeps the sealed value; the queue opens it): a text is null once its
 * writer's account is erased, and the rows say whose account wrote them. The reports and appeals
 * are read from the log again from its start (their rows are written again with the writer, each
 * outcome set again by the decision that closed it); the decisions' rows stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table moderation_reports alter column text drop not null`.execute(db);
  await sql`alter table moderation_reports add column reporter_user_key text`.execute(db);
  await sql`alter table moderation_appeals alter column text drop not null`.execute(db);
  await sql`alter table moderation_appeals add column user_key text`.execute(db);
  await sql`create index moderation_reports_reporter on moderation_reports (reporter_user_key) where reporter_user_key is not null`.execute(
    db,
  );
  await sql`create index moderation_appeals_user on moderation_appeals (user_key)`.execute(db);
  await sql`delete from moderation_reports`.execute(db);
  await sql`delete from moderation_appeals`.execute(db);
  await sql`update projection_checkpoints set position = 0 where name = 'moderation'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index moderation_appeals_user`.execute(db);
  await sql`drop index moderation_reports_reporter`.execute(db);
  await sql`alter table moderation_appeals drop column user_key`.execute(db);
  await sql`alter table moderation_reports drop column reporter_user_key`.execute(db);
  await sql`update moderation_appeals set text = '' where text is null`.execute(db);
  await sql`update moderation_reports set text = '' where text is null`.execute(db);
  await sql`alter table moderation_appeals alter column text set not null`.execute(db);
  await sql`alter table moderation_reports alter column text set not null`.execute(db);
}
