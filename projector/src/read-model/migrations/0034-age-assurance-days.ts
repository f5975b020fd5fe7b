import type { Kysely } from 'kysely';

/** Age assurances per day, method and provider (projections/age-assurance): counts, nobody named. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('age_assurance_days')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('assurances', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('age_assurance_days_pkey', ['day', 'method', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('age_assurance_days').execute();
}
