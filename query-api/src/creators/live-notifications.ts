import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';

/**
 * A reader's notifications that are still news: a story deleted or hidden since is not, nor is
 * one of a creator unfollowed since. The bell and the daily digest read the same ones.
 */
export function liveNotifications(db: Kysely<ReadModel>, userKey: string) {
  return db
    .selectFrom('creator_notifications as n')
    .innerJoin('stories', 'stories.id', 'n.story_id')
    .innerJoin('creators', 'creators.user_key', 'n.creator_key')
    .innerJoin('follows', (join) =>
      join
        .onRef('follows.creator_key', '=', 'n.creator_key')
        .onRef('follows.follower_key', '=', 'n.user_key'),
    )
    .where('n.user_key', '=', userKey)
    .where('stories.hidden_reason', 'is', null);
}
