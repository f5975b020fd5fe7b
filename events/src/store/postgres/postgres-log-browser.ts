import type pg from 'pg';
import type { EventLogBrowser, LogFilter, Page, StreamSummary } from '../log-browser';
import type { StoredEvent } from '../port';
import { EVENT_COLUMNS as columns, type EventRow, storedEventOf as toStored } from './event-row';

/**
 * How the browser's connections are opened: planned without parallel workers. A time range's
 * page scans a range of the time index and sorts it, which the planner hands to parallel
 * workers: on a server whose cores are busy, starting and gathering them costs more than the
 * share of the scan they take.
 */
export const LOG_BROWSER_CONNECTION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * The browser over the PostgreSQL store's tables. Every query walks an index of schema.ts in
 * order and stops at `limit` (one more row is read to know whether a next page exists): a page
 * costs the same on a log of a thousand events or of millions. Stream names are compared in the
 * "C" collation, where a category's streams are one contiguous range of the name index.
 */
export class PostgresLogBrowser implements EventLogBrowser {
  constructor(
    private readonly pool: pg.Pool,
    /** How many events back from the cursor (per type) a time range is first looked for. */
    private readonly near = 2000,
  ) {}

  async streams(category: string, after: string | null, limit: number): Promise<Page<StreamSummary, string>> {
    const prefix = `${category}-`;
    const { rows } = await this.pool.query<{ stream_name: string; revision: string }>(
      `select stream_name, revision from es_streams
       where (stream_name collate "C") >= $1 and (stream_name collate "C") < $2
         and ($3::text is null or (stream_name collate "C") > $3)
       order by (stream_name collate "C") limit $4`,
      // The range [category-, category.) holds exactly the names starting with "category-".
      [prefix, `${category}.`, after, limit + 1],
    );
    const items = rows.slice(0, limit).map((r) => ({ name: r.stream_name, revision: Number(r.revision) }));
    return { items, next: rows.length > limit ? items.at(-1)!.name : null };
  }

  async streamEvents(
    stream: string,
    before: number | null,
    limit: number,
  ): Promise<Page<StoredEvent, number>> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${columns} from es_events
       where stream_name = $1 and ($2::bigint is null or stream_revision < $2)
       order by stream_revision desc limit $3`,
      [stream, before, limit + 1],
    );
    const items = rows.slice(0, limit).map(toStored);
    return { items, next: rows.length > limit ? items.at(-1)!.streamRevision : null };
  }

  async events(filter: LogFilter, before: number | null, limit: number): Promise<Page<StoredEvent, number>> {
    const types = filter.types && filter.types.length > 0 ? [...new Set(filter.types)] : null;
    const timed = filter.from !== undefined || filter.to !== undefined;
    const params = [before, filter.from ?? null, filter.to ?? null, limit + 1];
    const typeCount = types?.length ?? 0;
    let rows = (
      await this.pool.query<EventRow>(timed ? nearWalkSql(typeCount, this.near) : walkSql(typeCount), [
        ...params,
        ...(types ?? []),
      ])
    ).rows;
    // A time range the walk back from the cursor did not fill (it lies further back, or is
    // sparse there): its events by the time index instead, however far back they are.
    if (timed && rows.length <= limit)
      rows = (await this.pool.query<EventRow>(timeRangeSql, [...params, types])).rows;
    const items = rows.slice(0, limit).map(toStored);
    return { items, next: rows.length > limit ? items.at(-1)!.position : null };
  }

  async event(position: number): Promise<StoredEvent | null> {
    const { rows } = await this.pool.query<EventRow>(`select ${columns} from es_events where position = $1`, [
      position,
    ]);
    return rows[0] ? toStored(rows[0]) : null;
  }

  async correlated(correlationId: string, limit: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${columns} from es_events where metadata->>'correlationId' = $1 order by position limit $2`,
      [correlationId, limit],
    );
    return rows.map(toStored);
  }
}

/*
 * The global log's queries. Parameters: $1 the cursor (positions below it; null: from the head),
 * $2 and $3 the time range (null: open), $4 how many rows; then the types, one parameter each
 * from $5 on (none: every type), except in timeRangeSql, where $5 is their array (null: every type).
 */
const inTime = `($2::timestamptz is null or recorded_at >= $2) and ($3::timestamptz is null or recorded_at < $3)`;
const below = `($1::bigint is null or position < $1)`;

/**
 * With types, the newest events of each type (index es_events_type_position, walked backwards)
 * merged, so that a rare type among millions of likes costs a short walk, not a scan. Each type
 * is a parameter of its own, whose value the planner sees: given a set of types to join with
 * instead, it would plan for a type of average frequency and walk the log by position, which for
 * a rare type means every event below the cursor.
 */
function eachType(typeCount: number, query: (type: string) => string): string {
  const parts = Array.from({ length: typeCount }, (_, i) => `(${query(`$${5 + i}::text`)})`);
  return `select * from (${parts.join(' union all ')}) e order by position desc limit $4`;
}

/** The newest events below the cursor, of the given types (none: every type). */
function walkSql(typeCount: number): string {
  const walk = (where: string) =>
    `select ${columns} from es_events where ${where} and ${below} and ${inTime} order by position desc limit $4`;
  return typeCount > 0 ? eachType(typeCount, (type) => walk(`type = ${type}`)) : walk('true');
}

/**
 * walkSql for a time range, but only over the `near` newest events below the cursor (of each type):
 * the planner, which cannot know that times grow with positions, would otherwise walk back from
 * the cursor through every event newer than a range far back in the log. When this fills a page
 * the page is exact: every event it did not look at lies further back than the ones it gives.
 */
function nearWalkSql(typeCount: number, near: number): string {
  const walk = (where: string, farthest: string) =>
    `select ${columns} from (select * from es_events where ${where} and ${below}
       order by position desc limit ${near}) n where ${inTime} and ${mayReach(farthest)}
     order by position desc limit $4`;
  // Without types the farthest of the walk is a position away (positions have no gaps); of a
  // type, the type index names it without reading the events.
  const farthestOf = (type: string) =>
    `(select position from es_events where type = ${type} and ${below} order by position desc offset ${near - 1} limit 1)`;
  return typeCount > 0
    ? eachType(typeCount, (type) => walk(`type = ${type}`, farthestOf(type)))
    : walk('true', `coalesce($1::bigint, (select max(position) + 1 from es_events)) - ${near}`);
}

/**
 * Whether a near walk whose farthest event is at `farthest` may meet the range at all: not when
 * that event was recorded at or after the range's end, as a range far back in the log is. Then
 * the walk is not made (a condition on no row, so PostgreSQL checks it before the walk) and the
 * time index answers. Times that do not follow positions can only make this skip a walk that
 * would have found something; the time index finds it then, so the page is the same.
 */
const mayReach = (farthest: string) =>
  `($3::timestamptz is null or coalesce((select recorded_at from es_events where position = ${farthest}), '-infinity') < $3)`;

/**
 * A time range's newest events below the cursor, by the time index es_events_recorded_at: the
 * positions of the range's entries, the newest of them (from the index alone, without types),
 * then those events. Its cost grows with the events in the range, not with how far back it lies.
 * "position + 0" keeps the planner off the walk by position.
 */
const timeRangeSql = `
  select ${columns} from es_events where position = any(array(
    select position from es_events
    where ${below} and ${inTime} and ($5::text[] is null or type = any($5::text[]))
    order by position + 0 desc limit $4))
  order by position desc`;
