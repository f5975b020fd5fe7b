import type pg from 'pg';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The GIN indexes of a schema (full-text search, tag containment), dropped while a rebuild
 * projects the bulk of the log into it; returns their definitions, to build them again with
 * `restoreIndexes` once. A GIN index is updated term by term for every row written (the search
 * ones with fastupdate off), where CREATE INDEX sorts every row's terms once. Only readers use
 * them: no projection looks a row up by a GIN index, so projecting without them changes no plan
 * of the projections. Unique indexes and primary keys (which `on conflict` needs) stay.
 */
export async function deferGinIndexes(client: pg.Client, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and am.amname = 'gin' and not i.indisunique
      order by c.relname`,
    [schema],
  );
  for (const row of rows) await client.query(`drop index ${quote(schema)}.${quote(row.name)}`);
  return rows.map((row) => row.definition);
}

/** Builds again the indexes `deferGinIndexes` dropped (their definitions name their schema). */
export async function restoreIndexes(client: pg.Client, definitions: readonly string[]): Promise<void> {
  for (const definition of definitions) await client.query(definition);
}
