import { type RawBuilder, sql } from 'kysely';

/**
 * A batch's rows as one `select * from unnest(...)`, an array per column, for
 * `insert into t (columns) select ... on conflict ...`: one statement of a few parameters
 * whatever the batch's size, where a multi-row VALUES binds a parameter per column per row (a
 * catch-up batch's thousands of rows cost more to build, send and plan than to write). `types`
 * names each column and its SQL type (constants of the code, never input); a column a row lacks
 * is null.
 */
export function unnestRows<Row extends object, Column extends keyof Row & string>(
  rows: readonly Row[],
  types: { readonly [C in Column]: string },
): { columns: RawBuilder<unknown>; select: RawBuilder<unknown> } {
  const names = Object.keys(types) as Column[];
  const arrays = names.map((name) => sql`${rows.map((row) => row[name] ?? null)}::${sql.raw(types[name])}[]`);
  return {
    columns: sql.join(names.map((name) => sql.ref(name))),
    select: sql`select * from unnest(${sql.join(arrays)})`,
  };
}
