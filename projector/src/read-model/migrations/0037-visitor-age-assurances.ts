import { type Kysely, sql } from 'kysely';

/**
 * The staff's age-assurance counts include visitors (a visitor's check assures a browser, not an
 * account, so it has no `AgeAssured`): each day's row says whose assurances it counts, and
 * `age_visitor_checks` holds a visitor's check from its start to its answer (its method and
 * provider, which the answer does not repeat). The days are counted again from the log's start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from age_assurance_days`.execute(db);
  await sql`alter table age_assurance_days add column viewer text not null default 'member'`.execute(db);
  await sql`alter table age_assurance_days drop constraint age_assurance_days_pkey`.execute(db);
  await sql`alter table age_assurance_days add constraint age_assurance_days_pkey primary key (day, method, provider, viewer)`.execute(
    db,
  );
  await db.schema
    .createTable('age_visitor_checks')
    .addColumn('check_stream', 'text', (c) => c.primaryKey())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index age_visitor_checks_expiry on age_visitor_checks (expires_at)`.execute(db);
  await sql`update projection_checkpoints set position = 0 where name = 'age-assurance-days'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('age_visitor_checks').execute();
  await sql`delete from age_assurance_days where viewer = 'visitor'`.execute(db);
  await sql`alter table age_assurance_days drop constraint age_assurance_days_pkey`.execute(db);
  await sql`alter table age_assurance_days drop column viewer`.execute(db);
  await sql`alter table age_assurance_days add constraint age_assurance_days_pkey primary key (day, method, provider)`.execute(
    db,
  );
}
