import { quoteIdent } from '@nocturne/pg-kit';
import type pg from 'pg';

/**
 * Gathers the planner's statistics on every table of a schema. A table a rebuild has just filled
 * has none until autovacuum gets to it, minutes later on a busy server: meanwhile the planner
 * guesses, and may walk a large table by the wrong index (an admin's lookup of one account by
 * its address, through the users newest first). Run before the swap, the read models come in
 * with statistics, as the live ones had.
 */
export async function gatherStatistics(client: pg.Client, schema: string): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p') order by c.relname`,
    [schema],
  );
  for (const { name } of rows) await client.query(`analyze ${quoteIdent(schema)}.${quoteIdent(name)}`);
}
