import { type Kysely, sql } from 'kysely';

/**
 * The admin panel opens one user by account id (`GET /api/admin/users?account=`, the `?user=` of
 * a shared link): the users table is read by its account id through an index, not a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_account on users (account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_account`.execute(db);
}
