import type { StoryStateId } from '@nocturne/domain';
import type { ReadModel, StoriesTable } from '@nocturne/projector/read-model';
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { PageRequest } from './paging';

/** A story's row of the read model, as the list and a story's answer read it. */
export type StoryRow = Selectable<StoriesTable>;

/**
 * Which stories a list holds: every visible one, or those with a tag, a rating, or a creator's
 * (by handle), less those with a hidden warning; for the staff, the hidden ones instead.
 */
export interface ListFilter {
  /** The visible stories (absent: the same), or the ones a moderator hid (the staff's alone). */
  state?: StoryStateId;
  tag: string | null;
  creator: string | null;
  /** Only the stories of this rating (null: every rating). */
  rating?: string | null;
  /** The reader's hidden warnings, sorted (none: every story). */
  hidden: readonly string[];
}

export const EVERY_STORY: ListFilter = { tag: null, creator: null, rating: null, hidden: [] };

export const isEveryStory = (filter: ListFilter) =>
  filter.state !== 'hidden' &&
  filter.tag === null &&
  filter.creator === null &&
  !filter.rating &&
  filter.hidden.length === 0;

/** A filter as a key of the snapshot's kept pages and counts. */
export const filterKey = (filter: ListFilter) =>
  `${filter.state === 'hidden' ? 'hidden' : ''}|${filter.tag ?? ''}|${filter.creator ?? ''}|${filter.rating ?? ''}|${filter.hidden.join(',')}`;

/**
 * The stories a filter keeps. Each condition is the one an index of the stories table is built
 * on (migrations 0018 and 0021): the partial position indexes walk the visible stories, or the
 * hidden ones, newest first; the GIN index on the card's tags finds a tag's stories without
 * reading the others.
 */
function filtered<O>(
  query: SelectQueryBuilder<ReadModel, 'stories', O>,
  filter: ListFilter,
): SelectQueryBuilder<ReadModel, 'stories', O> {
  let q = query.where('hidden_reason', filter.state === 'hidden' ? 'is not' : 'is', null);
  if (filter.tag !== null) q = q.where(sql<boolean>`card->'tags' ? ${filter.tag}`);
  // By the creator's account (stories_creator), found from the handle (creators_handle).
  if (filter.creator !== null)
    q = q.where('creator_key', 'in', (db) =>
      db.selectFrom('creators').select('user_key').where('handle', '=', filter.creator),
    );
  if (filter.rating) q = q.where(sql<boolean>`card->>'rating' = ${filter.rating}`);
  if (filter.hidden.length > 0)
    q = q.where(sql<boolean>`not (card->'warnings' ?| ${sql.val(filter.hidden)}::text[])`);
  return q;
}

/**
 * One page of a list read from the read model, newest first, and whether more follow: what the
 * snapshot does not keep (a page below its newest stories, a tag, a reader's hidden warnings).
 */
export async function readStoryPage(
  db: Kysely<ReadModel>,
  page: PageRequest,
  filter: ListFilter,
): Promise<{ rows: StoryRow[]; more: boolean }> {
  let query = filtered(db.selectFrom('stories').selectAll(), filter);
  if (page.before !== null) query = query.where('position', '<', page.before);
  const rows = await query
    .orderBy('position', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}

/** How many stories a filter keeps (X-Total-Count). */
export async function countStories(db: Kysely<ReadModel>, filter: ListFilter): Promise<number> {
  const row = await filtered(
    db.selectFrom('stories').select(sql<string>`count(*)`.as('n')),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One visible story by id, with the stories projection's checkpoint read in the same statement. */
export async function readStory(
  db: Kysely<ReadModel>,
  id: string,
): Promise<{ row: StoryRow | undefined; checkpoint: number }> {
  const found = await db
    .selectFrom('projection_checkpoints as c')
    .leftJoin('stories as s', (join) => join.on('s.id', '=', id))
    .where('c.name', '=', 'stories')
    .select('c.position as checkpoint')
    .selectAll('s')
    .executeTakeFirst();
  if (!found) return { row: undefined, checkpoint: 0 };
  const { checkpoint, ...story } = found;
  return { row: story.id === null ? undefined : (story as StoryRow), checkpoint: Number(checkpoint) };
}
