import type { Kysely } from 'kysely';

/** Money per day and currency (projections/payments): what was paid, refunded and charged back. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revenue_days')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('gross_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunds_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('chargebacks_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('revenue_days_pkey', ['day', 'currency'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revenue_days').execute();
}
