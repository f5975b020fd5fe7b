import type { Kysely } from 'kysely';

/** Accounts: one row per live account, and the live sessions (by token digest). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_subscribed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('premium_stories_remaining', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('last_login', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema
    .createTable('sessions')
    .addColumn('session_digest', 'text', (c) => c.primaryKey())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_key').on('sessions').column('user_key').execute();
}
