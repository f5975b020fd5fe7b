import type { ReadModel } from '@nocturne/projector/read-model';
import { type Kysely, sql } from 'kysely';
import type { StoryRow } from './story-rows';

/**
 * Selected with every read of the cache, from the `projection_checkpoints` row aliased `c`: the
 * stories projection's checkpoint and what tells whether the table is still the one the cache
 * was built from (its oid, and the server's start).
 */
const READ_POINT = [
  'c.position as checkpoint',
  sql<string>`'stories'::regclass::oid::text`.as('stories_table'),
  sql<string>`pg_postmaster_start_time()::text`.as('server_started'),
] as const;

/** Where a read of the list stands: the checkpoint, the table's identity, the server's start. */
export interface ReadPoint {
  checkpoint: number;
  table: string;
  /** When the database server started (pg_postmaster_start_time). */
  epoch: string;
}

/** What `readChanges` read. */
export interface StoryChanges extends ReadPoint {
  /** A story was deleted after the position asked about. */
  deletions: boolean;
  rows: StoryRow[];
}

/** What `readNewestStories` read. */
export interface NewestStories extends ReadPoint {
  total: number;
  hiddenIds: string[];
  rows: StoryRow[];
}

/** The checkpoint and the table's identity of a read's first row (none when the read found none). */
function readPointOf(
  first: { checkpoint: number | string | null; stories_table: string; server_started: string } | undefined,
): ReadPoint {
  return {
    checkpoint: Number(first?.checkpoint ?? 0),
    table: first?.stories_table ?? '',
    epoch: first?.server_started ?? '',
  };
}

/**
 * The stories among a read's rows, each without the columns read beside it (`storyOf`): none
 * for the left join's one row without a story.
 */
function storiesOf<Row extends { id: string | null }>(
  rows: readonly Row[],
  storyOf: (row: Row) => object,
): StoryRow[] {
  return rows.flatMap((row) => (row.id === null ? [] : [storyOf(row) as StoryRow]));
}

/**
 * In one statement (one snapshot of the database): the stories projection's checkpoint, the
 * identity of the stories table, whether a story was deleted after `after`, and the rows
 * written after it, newest first. A periodic check that finds nothing new reads no row.
 */
export async function readChanges(db: Kysely<ReadModel>, after: number): Promise<StoryChanges> {
  const rows = await db
    .selectFrom('projection_checkpoints as c')
    .leftJoin('stories as s', (join) => join.on('s.changed_at', '>', after))
    .where('c.name', '=', 'stories')
    .select([
      ...READ_POINT,
      sql<boolean>`exists (select 1 from story_deletions where deleted_at > ${after})`.as('stories_deleted'),
    ])
    .selectAll('s')
    .orderBy('s.position', 'desc')
    .execute();
  const first = rows[0];
  return {
    ...readPointOf(first),
    deletions: first?.stories_deleted === true,
    rows: storiesOf(
      rows,
      ({ checkpoint: _, stories_table: _t, stories_deleted: _d, server_started: _s, ...story }) => story,
    ),
  };
}

/**
 * In one statement: the checkpoint, the table's identity, the newest `keep` visible stories (by
 * the partial position index), how many visible stories there are and the ids of the hidden ones.
 */
export async function readNewestStories(db: Kysely<ReadModel>, keep: number): Promise<NewestStories> {
  const rows = await db
    .selectFrom('projection_checkpoints as c')
    .leftJoinLateral(
      (db) =>
        db
          .selectFrom('stories')
          .selectAll()
          .where('hidden_reason', 'is', null)
          .orderBy('position', 'desc')
          .limit(keep)
          .as('s'),
      (join) => join.onTrue(),
    )
    .where('c.name', '=', 'stories')
    .select([
      ...READ_POINT,
      sql<string>`(select count(*) from stories where hidden_reason is null)`.as('visible'),
      sql<string[]>`(select coalesce(array_agg(id), '{}') from stories where hidden_reason is not null)`.as(
        'hidden_ids',
      ),
    ])
    .selectAll('s')
    .orderBy('s.position', 'desc')
    .execute();
  const first = rows[0];
  return {
    ...readPointOf(first),
    total: Number(first?.visible ?? 0),
    hiddenIds: first?.hidden_ids ?? [],
    rows: storiesOf(
      rows,
      ({ checkpoint: _, stories_table: _t, server_started: _s, visible: _v, hidden_ids: _h, ...story }) =>
        story,
    ),
  };
}
