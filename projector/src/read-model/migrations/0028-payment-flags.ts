import type { Kysely } from 'kysely';

/**
 * An account a staff member should look at (a chargeback: the card's bank took a payment back),
 * shown in the admin's users table. Accounts flagged before have none: no chargeback was
 * recorded before payments confirmed themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('flagged_for_staff', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('flagged_for_staff').execute();
}
