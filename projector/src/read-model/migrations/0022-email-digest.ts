import type { Kysely } from 'kysely';

/** The members who asked for the daily e-mail digest (projections/digest): one row each. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_digest_members')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_digest_members').execute();
}
