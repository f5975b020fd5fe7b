import pg from 'pg';

export interface TableSize {
  table: string;
  rows: number;
  /** The table's own pages (with TOAST), its indexes, in bytes. */
  tableBytes: number;
  indexBytes: number;
}

/**
 * The size on disk of the event store's tables and of each read-model table with its indexes
 * (the row counts are the planner's estimates, fresh after the ANALYZE this runs first).
 */
export async function diskSizes(databaseUrl: string): Promise<TableSize[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze');
    const { rows } = await client.query<{
      name: string;
      rows: string;
      table_bytes: string;
      index_bytes: string;
    }>(
      `select n.nspname || '.' || c.relname as name, greatest(c.reltuples, 0)::bigint as rows,
              pg_table_size(c.oid) as table_bytes, pg_indexes_size(c.oid) as index_bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%'
        order by pg_total_relation_size(c.oid) desc`,
    );
    return rows.map((row) => ({
      table: row.name,
      rows: Number(row.rows),
      tableBytes: Number(row.table_bytes),
      indexBytes: Number(row.index_bytes),
    }));
  } finally {
    await client.end();
  }
}
