import { teaser } from '@nocturne/domain';
import { type Kysely, sql } from 'kysely';

/**
 * story_search.card_document: the words of what a premium story's card shows to someone who may
 * not read it (its tags, weight A, and the opening words of its first text, `teaser`, weight B),
 * so such a search matches on those words only and never on a hidden slide's. In the same
 * configuration as `document` (migration 0010). Behind its own GIN index, of premium stories
 * only: a free story is always matched on its whole text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('story_search')
    .addColumn('teaser', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Rows projected before this column: their teaser from the story's prepared card, else from
  // the first line of the texts (the first slide's text, one per line).
  const rows = await sql<{ story_id: string; teaser: string | null; texts: string }>`
    select s.story_id, st.card->>'teaser' as teaser, s.texts
    from story_search s left join stories st on st.id = s.story_id`.execute(db);
  for (const row of rows.rows) {
    const words = row.teaser ?? teaser(row.texts.split('\n')[0] ?? '');
    await sql`update story_search set teaser = ${words} where story_id = ${row.story_id}`.execute(db);
  }
  await sql`alter table story_search add column card_document tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, tags_text), 'A') || setweight(to_tsvector('english'::regconfig, teaser), 'B')
  ) stored`.execute(db);
  await sql`alter table story_search alter column card_document set storage main`.execute(db);
  await sql`create index story_search_card on story_search using gin (card_document)
    with (fastupdate = off) where is_premium`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index story_search_card`.execute(db);
  await db.schema.alterTable('story_search').dropColumn('card_document').dropColumn('teaser').execute();
}
