import { type Kysely, sql } from 'kysely';

/**
 * Purchases through a processor and every notice of one (projections/payments): the staff's
 * queue of notices that granted nothing (a payment held, a notice naming no purchase), read by
 * its partial index, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('purchases')
    .addColumn('purchase_id', 'text', (c) => c.primaryKey())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('discounted', 'boolean', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_notices')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sale_id', 'text', (c) => c.notNull())
    .addColumn('purchase_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_notices_pkey', ['provider', 'transaction_id'])
    .execute();
  await sql`create index payment_notices_open on payment_notices (position desc) where state <> 'applied'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_notices').execute();
  await db.schema.dropTable('purchases').execute();
}
