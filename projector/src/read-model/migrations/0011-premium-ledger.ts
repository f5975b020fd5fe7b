import { type Kysely, sql } from 'kysely';
import { storyCard } from '../../projections/stories/story-card';
import type { StorySlide } from '../schema';

/**
 * "My premium" and reading comfort: the per-user premium ledger, and the
 * reading time in every prepared card (stories projected before it get theirs now).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('premium_ledger')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'integer')
    .addColumn('payment_method', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('activated_at', 'timestamptz')
    .addColumn('stories', 'integer')
    .addColumn('story_id', 'text')
    .execute();
  await db.schema
    .createIndex('premium_ledger_user')
    .on('premium_ledger')
    .columns(['user_key', 'position'])
    .execute();
  const rows = await sql<{ id: string; slides: StorySlide[] }>`select id, slides from stories`.execute(db);
  for (const row of rows.rows) {
    await sql`update stories set card = ${JSON.stringify(storyCard(row.slides))}::jsonb where id = ${row.id}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('premium_ledger').execute();
}
