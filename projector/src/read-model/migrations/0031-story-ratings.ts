import { type Kysely, sql } from 'kysely';

/**
 * Story ratings. Stories and drafts recorded before ratings are Mature (the events' upcasters
 * say so; the rows written from them say it too). A story image knows whether its story is
 * Explicit: the image route refuses those to a viewer not assured of being an adult; a search
 * row knows its story's rating, to filter by it and to match an Explicit story on its card only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update stories set card = card || '{"rating":"mature"}'::jsonb where not card ? 'rating'`.execute(
    db,
  );
  await sql`alter table drafts add column rating text not null default 'mature'`.execute(db);
  await sql`alter table story_images add column explicit boolean not null default false`.execute(db);
  await sql`alter table story_search add column rating text not null default 'mature'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table story_search drop column rating`.execute(db);
  await sql`alter table story_images drop column explicit`.execute(db);
  await sql`alter table drafts drop column rating`.execute(db);
  await sql`update stories set card = card - 'rating'`.execute(db);
}
