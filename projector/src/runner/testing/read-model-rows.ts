import { quoteIdent } from '@nocturne/pg-kit';
import pg from 'pg';

/** Every row of every read-model table of `schema`, ordered by primary key, every column. */
export type ReadModelRows = Record<string, unknown[]>;

/** Reads a whole read-model schema, so two schemas can be compared row for row. */
export async function readModelRows(databaseUrl: string, schema: string): Promise<ReadModelRows> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'
        order by table_name`,
      [schema],
    );
    const result: ReadModelRows = {};
    for (const { table_name: table } of tables) {
      const qualified = `${quoteIdent(schema)}.${quoteIdent(table)}`;
      const { rows: keys } = await client.query<{ attname: string }>(
        `select a.attname from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
          where i.indrelid = $1::regclass and i.indisprimary
          order by array_position(i.indkey::int2[], a.attnum)`,
        [qualified],
      );
      const { rows: columns } = await client.query<{ n: number }>(
        'select count(*)::int as n from information_schema.columns where table_schema = $1 and table_name = $2',
        [schema, table],
      );
      const order =
        keys.length > 0
          ? keys.map((k) => quoteIdent(k.attname)).join(', ')
          : Array.from({ length: columns[0]!.n }, (_, i) => String(i + 1)).join(', ');
      const { rows } = await client.query<Record<string, unknown>>(
        `select * from ${qualified} order by ${order}`,
      );
      result[table] = rows;
    }
    return result;
  } finally {
    await client.end();
  }
}
