import type { Kysely } from 'kysely';

/** Each member's latest age assurance (projections/age-assurance): one row, gone with the account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('age_assurances')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('assured_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('age_assurances').execute();
}
