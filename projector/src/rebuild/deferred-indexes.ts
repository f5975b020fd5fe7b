import { quoteIdent } from '@nocturne/pg-kit';
import type pg from 'pg';

/**
 * The read models' secondary B-tree indexes that only the query side reads by. Every projection
 * writes and finds the rows of these tables by their primary keys (a user by key, a story by id,
 * a story's images and its search document by story), so filling the tables without them changes no plan of a
 * projection. Each such index costs every row written a random insert into one more tree; the
 * stories' counters rewrite a story's row at every batch, and each new version went into every
 * one of them. Left out here: the indexes a projection does look rows up by (a user's sessions,
 * a creator's stories).
 */
export const READER_ONLY_INDEXES: readonly string[] = [
  'users_email',
  'users_newest',
  'stories_position',
  'stories_visible_position',
  'stories_hidden_position',
  'stories_changed_at',
  'story_images_ref',
  'story_search_newest',
];

/**
 * Drops the indexes a rebuild builds once the bulk of the log is in: every GIN index of the
 * schema (full-text search, tag containment: updated term by term for every row written, where
 * CREATE INDEX sorts every row's terms once; no projection looks a row up by one) and the
 * `READER_ONLY_INDEXES`. Returns their definitions, for `restoreIndexes`. Unique indexes and
 * primary keys (which `on conflict` needs) stay.
 */
export async function deferIndexes(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and not i.indisunique and not i.indisprimary
        and (am.amname = 'gin' or c.relname = any($2::text[]))
      order by c.relname`,
    [schema, READER_ONLY_INDEXES],
  );
  for (const row of rows) await client.query(`drop index ${quoteIdent(schema)}.${quoteIdent(row.name)}`);
  return rows.map((row) => row.definition);
}

/** Builds again the indexes `deferIndexes` dropped (their definitions name their schema). */
export async function restoreIndexes(client: pg.Client, definitions: readonly string[]): Promise<void> {
  for (const definition of definitions) await client.query(definition);
}
