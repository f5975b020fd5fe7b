import type { Kysely } from 'kysely';

/** Each night's reconciliation per processor, its latest run (projections/payments). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reconciliations')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('processor_transactions', 'integer', (c) => c.notNull())
    .addColumn('logged_transactions', 'integer', (c) => c.notNull())
    .addColumn('differences', 'jsonb', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reconciliations_pkey', ['provider', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reconciliations').execute();
}
