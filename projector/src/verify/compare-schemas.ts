import { quoteIdent } from '@nocturne/pg-kit';
import type pg from 'pg';

/** One disagreement between a live read model and the one rebuilt from the log. */
export interface ReadModelDifference {
  table: string;
  /** The row's key (its primary key's values; the whole row for a table without one), as JSON. */
  key: string;
  /** The column that differs; `(row)` when the row exists on one side only. */
  column: string;
  /** The value as JSON; `(no row)` when the row is missing on that side. */
  live: string;
  rebuilt: string;
}

/** The bookkeeping of the runner and of the migrations: not a read model. */
const NOT_READ_MODELS = new Set(['projection_checkpoints', 'kysely_migration', 'kysely_migration_lock']);

interface TableShape {
  name: string;
  columns: string[];
  key: string[];
}

/** The schema's tables with their columns and key: the primary key, else the first unique index. */
export async function tableShapes(client: pg.ClientBase, schema: string): Promise<TableShape[]> {
  const { rows } = await client.query<TableShape>(
    `select c.relname as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns,
       coalesce((select array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, n)
                              join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n)
                 from pg_index i where i.indrelid = c.oid and i.indisunique and i.indexprs is null
                   and i.indpred is null
                 order by i.indisprimary desc, i.indexrelid limit 1), '{}') as key
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') order by c.relname`,
    [schema],
  );
  return rows.filter((t) => !NOT_READ_MODELS.has(t.name));
}

/**
 * Compares every table of `live` with the same table of `rebuilt`, row by row by key, column by
 * column, in the client's current snapshot. Returns at most `limit` differences, and whether there
 * were more.
 */
export async function compareSchemas(
  client: pg.ClientBase,
  live: string,
  rebuilt: string,
  options: { limit: number; onTable?: (done: number, total: number) => void },
): Promise<{ tables: number; differences: ReadModelDifference[]; more: boolean }> {
  const liveTables = await tableShapes(client, live);
  const rebuiltTables = new Map((await tableShapes(client, rebuilt)).map((t) => [t.name, t]));
  const differences: ReadModelDifference[] = [];
  let more = false;
  for (const [done, table] of liveTables.entries()) {
    options.onTable?.(done, liveTables.length);
    if (!rebuiltTables.has(table.name)) {
      differences.push({
        table: table.name,
        key: '',
        column: '(table)',
        live: '(table)',
        rebuilt: '(no table)',
      });
      continue;
    }
    // Every column, positions included: each comes from the events alone, so a schema rebuilt
    // from the log in batches of any size equals the live one.
    const keyColumns = table.key.length > 0 ? table.key : table.columns;
    const key = `jsonb_build_array(${keyColumns.map((c) => `t.${quoteIdent(c)}`).join(', ')})`;
    const row = 'to_jsonb(t)';
    const side = (schema: string) =>
      `select ${key} as k, ${row} as r from ${quoteIdent(schema)}.${quoteIdent(table.name)} t`;
    const room = options.limit - differences.length;
    const { rows } = await client.query<{
      k: unknown;
      live: Record<string, unknown> | null;
      rebuilt: Record<string, unknown> | null;
    }>(
      `select coalesce(l.k, s.k) as k, l.r as live, s.r as rebuilt
       from (${side(live)}) l full join (${side(rebuilt)}) s on l.k = s.k
       where l.r is distinct from s.r order by 1 limit $1`,
      [room + 1],
    );
    for (const diff of rows) {
      if (differences.length >= options.limit) {
        more = true;
        break;
      }
      const k = JSON.stringify(diff.k);
      if (!diff.live || !diff.rebuilt) {
        differences.push({
          table: table.name,
          key: k,
          column: '(row)',
          live: diff.live ? JSON.stringify(diff.live) : '(no row)',
          rebuilt: diff.rebuilt ? JSON.stringify(diff.rebuilt) : '(no row)',
        });
        continue;
      }
      for (const column of table.columns) {
        const a = JSON.stringify(diff.live[column] ?? null);
        const b = JSON.stringify(diff.rebuilt[column] ?? null);
        if (a !== b) differences.push({ table: table.name, key: k, column, live: a, rebuilt: b });
      }
    }
    if (more) break;
  }
  options.onTable?.(liveTables.length, liveTables.length);
  return { tables: liveTables.length, differences, more };
}
