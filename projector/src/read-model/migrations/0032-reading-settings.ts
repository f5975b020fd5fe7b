import { type Kysely, sql } from 'kysely';

/** Each member's latest reading settings (projections/reading-settings): one row, gone with the account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reading_settings')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('settings', sql`jsonb`, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading_settings').execute();
}
