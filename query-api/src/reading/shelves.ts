import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';

export type ShelfName = 'continue' | 'saved' | 'read' | 'unlocked' | 'following';

/**
 * The stories of one shelf of a reader, as rows of `stories` (a deleted story is gone from
 * `stories`, so from every shelf; a hidden one is left out), most recent first: continue by last progress, saved by when
 * saved, read by when finished, unlocked by when unlocked, following by when published.
 */
export function shelfQuery(
  db: Kysely<ReadModel>,
  reader: { userKey: string; accountId: string },
  shelf: ShelfName,
) {
  if (shelf === 'following') {
    // The stories of the creators the reader follows, newest first.
    return db
      .selectFrom('follows')
      .innerJoin('stories', 'stories.creator_key', 'follows.creator_key')
      .selectAll('stories')
      .where('follows.follower_key', '=', reader.userKey)
      .where('stories.hidden_reason', 'is', null)
      .orderBy('stories.position', 'desc')
      .orderBy('stories.id');
  }
  if (shelf === 'unlocked') {
    return db
      .selectFrom('premium_unlocks')
      .innerJoin('stories', 'stories.id', 'premium_unlocks.story_id')
      .selectAll('stories')
      .where('premium_unlocks.user_key', '=', reader.userKey)
      .where('stories.hidden_reason', 'is', null)
      .orderBy('premium_unlocks.unlocked_at', 'desc')
      .orderBy('stories.id');
  }
  const base = db
    .selectFrom('reading')
    .innerJoin('stories', 'stories.id', 'reading.story_id')
    .selectAll('stories')
    .where('reading.account_id', '=', reader.accountId)
    .where('stories.hidden_reason', 'is', null);
  switch (shelf) {
    case 'continue':
      return base
        .where('reading.slide', 'is not', null)
        .where('reading.finished', '=', false)
        .orderBy('reading.updated_at', 'desc')
        .orderBy('stories.id');
    case 'saved':
      return base.where('reading.saved', '=', true).orderBy('reading.saved_at', 'desc').orderBy('stories.id');
    case 'read':
      return base
        .where('reading.finished', '=', true)
        .orderBy('reading.finished_at', 'desc')
        .orderBy('stories.id');
  }
}
