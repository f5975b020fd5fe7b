import { type Kysely, sql } from 'kysely';

/**
 * story_search_card, the GIN index of the cards' words, covers the Explicit stories too. A member
 * who must be assured to be an adult and is not matches an Explicit story on its card alone
 * (query-api/src/search/find-stories.ts, `explicitByCard`), free or premium: with the index of
 * premium cards only, the planner could not use it for that half of their search, and read every
 * row of story_search instead (docs/performance.md, "A sixth full run").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index story_search_card`.execute(db);
  await sql`create index story_search_card on story_search using gin (card_document)
    with (fastupdate = off) where is_premium or rating = 'explicit'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index story_search_card`.execute(db);
  await sql`create index story_search_card on story_search using gin (card_document)
    with (fastupdate = off) where is_premium`.execute(db);
}
