import type { Kysely } from 'kysely';

/** The staff list of the owner's panel. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('staff_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('password_set', 'boolean', (c) => c.notNull())
    .addColumn('second_factor', 'text', (c) => c.notNull())
    .addColumn('recovery_codes_left', 'integer', (c) => c.notNull())
    .addColumn('invited_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_login_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff').execute();
}
