import type { ReadModel } from '@nocturne/projector/read-model';
import { type Kysely, sql } from 'kysely';
import type { AccountTimeline } from './account-timeline';

/**
 * The first slide's text of each story a timeline names (its rows' unlocks and returns, its
 * state's unlocked stories), by id, for the console to name a story by its words with the id
 * beside; a story deleted or unpublished since is not in the read model and has none.
 */
export async function storyTextsOf(
  db: Kysely<ReadModel>,
  timeline: Pick<AccountTimeline, 'rows' | 'state'>,
): Promise<Record<string, string>> {
  const ids = new Set([
    ...timeline.rows.flatMap((row) => (row.story_id ? [row.story_id] : [])),
    ...timeline.state.stories_unlocked,
  ]);
  if (ids.size === 0) return {};
  const found = await db
    .selectFrom('stories')
    .select(['id', sql<string | null>`card->'texts'->>0`.as('text')])
    .where('id', 'in', [...ids])
    .execute();
  return Object.fromEntries(found.flatMap((row) => (row.text ? [[row.id, row.text]] : [])));
}
