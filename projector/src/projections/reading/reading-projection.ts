import { idOf, type RecordedEvent, readingStreamParts } from '@nocturne/events';
import type { Insertable, Transaction } from 'kysely';
import type { ReadingTable, ReadModel } from '../../read-model/schema';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

type Row = Insertable<ReadingTable>;

const keyOf = (userKey: string, storyId: string) => `${userKey}\u0000${storyId}`;

const emptyRow = (user_key: string, story_id: string, at: Date): Row => ({
  user_key,
  story_id,
  slide: null,
  finished: false,
  saved: false,
  updated_at: at,
  finished_at: null,
  saved_at: null,
});

/** The batch's pairs as rows now are, read in one statement. */
async function rowsBefore(
  trx: Transaction<ReadModel>,
  events: readonly RecordedEvent[],
): Promise<Map<string, Row>> {
  const pairs = new Map<string, { userKey: string; storyId: string }>();
  for (const event of events) {
    const parts = readingStreamParts(event.streamName);
    if (parts) pairs.set(keyOf(parts.userKey, parts.storyId), parts);
  }
  const rows = new Map<string, Row>();
  if (pairs.size === 0) return rows;
  const found = await trx
    .selectFrom('reading')
    .selectAll()
    .where((eb) =>
      eb.or(
        [...pairs.values()].map((p) =>
          eb.and([eb('user_key', '=', p.userKey), eb('story_id', '=', p.storyId)]),
        ),
      ),
    )
    .execute();
  for (const row of found) rows.set(keyOf(row.user_key, row.story_id), row);
  return rows;
}

/**
 * One row per reader and story: the slide they are on, whether they finished it and whether it is
 * saved, with the times the profile's shelves sort by. The batch is folded in memory over the rows
 * as they were (one select), then written with one delete per kind of erasure and one upsert.
 * A deleted account's rows go (UserDeleted), and so do a deleted story's (StoryDeleted).
 */
export const readingProjection: Projection = {
  name: 'reading',
  handles: [
    'ReadingProgressRecorded',
    'StoryFinished',
    'StorySaved',
    'StoryUnsaved',
    'UserDeleted',
    'StoryDeleted',
  ],
  async applyBatch(trx, events) {
    const before = await rowsBefore(trx, events);
    const after = new Map<string, Row>();
    const deletedUsers = new Set<string>();
    const deletedStories = new Set<string>();
    const forget = (drop: (row: Row) => boolean) => {
      for (const [key, row] of before) if (drop(row)) before.delete(key);
      for (const [key, row] of after) if (drop(row)) after.delete(key);
    };
    for (const event of events) {
      if (event.type === 'UserDeleted') {
        const userKey = idOf(event.streamName);
        deletedUsers.add(userKey);
        forget((row) => row.user_key === userKey);
        continue;
      }
      if (event.type === 'StoryDeleted') {
        deletedStories.add(event.data.storyId);
        forget((row) => row.story_id === event.data.storyId);
        continue;
      }
      const parts = readingStreamParts(event.streamName);
      if (!parts) continue;
      const key = keyOf(parts.userKey, parts.storyId);
      const current =
        after.get(key) ?? before.get(key) ?? emptyRow(parts.userKey, parts.storyId, event.recordedAt);
      const at = event.recordedAt;
      const next: Row = { ...current, updated_at: at };
      switch (event.type) {
        case 'ReadingProgressRecorded':
          next.slide = event.data.slide;
          break;
        case 'StoryFinished':
          next.finished = true;
          next.finished_at = at;
          break;
        case 'StorySaved':
          next.saved = true;
          next.saved_at = at;
          break;
        case 'StoryUnsaved':
          next.saved = false;
          next.saved_at = null;
          break;
      }
      after.set(key, next);
    }
    if (deletedUsers.size > 0) {
      await trx
        .deleteFrom('reading')
        .where('user_key', 'in', [...deletedUsers])
        .execute();
    }
    if (deletedStories.size > 0) {
      await trx
        .deleteFrom('reading')
        .where('story_id', 'in', [...deletedStories])
        .execute();
    }
    await inChunks([...after.values()], (slice) =>
      trx
        .insertInto('reading')
        .values(slice)
        .onConflict((oc) =>
          oc.columns(['user_key', 'story_id']).doUpdateSet((eb) => ({
            slide: eb.ref('excluded.slide'),
            finished: eb.ref('excluded.finished'),
            saved: eb.ref('excluded.saved'),
            updated_at: eb.ref('excluded.updated_at'),
            finished_at: eb.ref('excluded.finished_at'),
            saved_at: eb.ref('excluded.saved_at'),
          })),
        )
        .execute(),
    );
  },
};
