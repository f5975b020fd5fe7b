import { type Kysely, sql } from 'kysely';
import { storyCard } from '../../projections/stories/story-card';
import type { StorySlide } from '../schema';

/** stories.card: the list's and the reader's fields, prepared by the projector. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('card', 'jsonb').execute();
  // Stories projected before this column: prepared now, from their slides.
  const rows = await sql<{ id: string; slides: StorySlide[] }>`select id, slides from stories`.execute(db);
  for (const row of rows.rows) {
    await sql`update stories set card = ${JSON.stringify(storyCard(row.slides))}::jsonb where id = ${row.id}`.execute(
      db,
    );
  }
  await sql`alter table stories alter column card set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').dropColumn('card').execute();
}
