import { type Kysely, sql } from 'kysely';

/**
 * story_search by position, newest first: a search ranks only the newest matches of its words
 * (query-api, search/find-stories.ts). For a word most stories hold, walking this index and
 * testing each document finds them after a few rows each, where the GIN index would hand over
 * every match to be sorted; a rarer word is still found by the GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index story_search_newest on story_search (position desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('story_search_newest').execute();
}
