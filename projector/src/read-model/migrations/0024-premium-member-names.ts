import { type Kysely, sql } from 'kysely';

/**
 * Premium is bought once, so the read model says "premium member", never "subscribed": the
 * users' flag and the panel's total are renamed (the API's `is_subscribed` fields keep their
 * names). A rename keeps every row as it is, so nothing is projected again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users rename column is_subscribed to premium_member`.execute(db);
  await sql`alter table user_counts rename column subscribed to premium_members`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_counts rename column premium_members to subscribed`.execute(db);
  await sql`alter table users rename column premium_member to is_subscribed`.execute(db);
}
