import { type Kysely, sql } from 'kysely';

/**
 * story_search: one row per live story, its words as a tsvector for
 * PostgreSQL full-text search, behind a GIN index.
 *
 * The document is generated from the two parts the projection keeps (`tags_text`, `texts`), so
 * a StoryLabelsChanged rewrites only the tags and the document follows. Tags weigh A, texts B:
 * a story tagged with the word ranks above one that merely mentions it.
 *
 * The 'english' configuration: the stories and the curated tags are English, so stemming lets
 * "stars" find "star" and "running" find "run", and stop words ("the", "and") do not make every
 * story a match. 'simple' would miss every plural. The route must query with the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('story_search')
    .addColumn('story_id', 'text', (c) => c.primaryKey())
    .addColumn('tags_text', 'text', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('document', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`setweight(to_tsvector('english'::regconfig, tags_text), 'A') || setweight(to_tsvector('english'::regconfig, texts), 'B')`,
        )
        .stored(),
    )
    .addColumn('is_premium', 'boolean', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  // A search reads every matching document (to rank it) and never the texts: the document stays
  // in the row, compressed (MAIN), the texts go out of line (EXTERNAL), so a scan reads less.
  await sql`alter table story_search alter column document set storage main, alter column texts set storage external`.execute(
    db,
  );
  // fastupdate off: every insert goes into the index at once. With it on, a burst of publishing
  // (a catch-up, a rebuild) leaves a pending list that each search scans and that makes the
  // planner cost the index out for a sequential scan that is many times slower.
  await sql`create index story_search_document on story_search using gin (document) with (fastupdate = off)`.execute(
    db,
  );
  // One row: the position of the last event that changed story_search. Every projection's
  // checkpoint moves with every batch (likes, views...); this moves only when the words do, so
  // query-api can keep a search's answer until then.
  await db.schema
    .createTable('story_search_version')
    .addColumn('one_row', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`one_row`))
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into story_search_version (changed_at) values (0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('story_search_version').execute();
  await db.schema.dropTable('story_search').execute();
}
