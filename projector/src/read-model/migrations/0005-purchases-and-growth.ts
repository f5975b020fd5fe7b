import type { Kysely } from 'kysely';

/** Read models of the purchase flow and the admin's statistics (no personal fields in any). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monthly_stats')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('registrations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('monthly_premium_users')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('monthly_premium_users_pk', ['month', 'user_key'])
    .execute();
  await db.schema
    .createTable('pending_payments')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_payments_user').on('pending_payments').column('user_key').execute();
  await db.schema
    .createTable('premium_grants')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('premium_grants_time').on('premium_grants').column('granted_at').execute();
}
