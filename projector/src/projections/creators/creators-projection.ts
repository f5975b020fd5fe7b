import type { RecordedEvent } from '@nocturne/events';
import { sql } from 'kysely';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';
import { creatorKeyOf } from '../stories/stories-projection';

const pairKey = (followerKey: string, creatorKey: string) => `${followerKey} ${creatorKey}`;

/**
 * Follows and the notifications they bring: a story published by a creator is a notification
 * for each reader following them at that moment of the log (a follow later in the same batch
 * brings none), kept with the publication's position; and how far each reader has read them.
 */
export const creatorsProjection: Projection = {
  name: 'creators',
  handles: ['CreatorFollowed', 'CreatorUnfollowed', 'StoryPublished', 'NotificationsSeen'],
  async applyBatch(trx, events) {
    const publishers = [
      ...new Set(events.flatMap((e) => (e.type === 'StoryPublished' ? [creatorKeyOf(e) ?? []].flat() : []))),
    ];
    // The followers of this batch's publishers as the batch begins, then changed in log order.
    const followers = new Map<string, Set<string>>(publishers.map((key) => [key, new Set()]));
    if (publishers.length > 0) {
      const rows = await trx
        .selectFrom('follows')
        .select(['follower_key', 'creator_key'])
        .where('creator_key', 'in', publishers)
        .execute();
      for (const row of rows) followers.get(row.creator_key)?.add(row.follower_key);
    }
    const follows = new Map<string, { follower: string; creator: string; event: RecordedEvent | null }>();
    const notifications: {
      user_key: string;
      story_id: string;
      creator_key: string;
      notified_at: Date;
      position: number;
    }[] = [];
    const reads = new Map<string, number>();
    for (const event of events) {
      switch (event.type) {
        case 'CreatorFollowed':
        case 'CreatorUnfollowed': {
          const { followerKey, creatorKey } = event.data;
          const following = event.type === 'CreatorFollowed';
          follows.set(pairKey(followerKey, creatorKey), {
            follower: followerKey,
            creator: creatorKey,
            event: following ? event : null,
          });
          const set = followers.get(creatorKey);
          if (set) {
            if (following) set.add(followerKey);
            else set.delete(followerKey);
          }
          break;
        }
        case 'StoryPublished': {
          const creatorKey = creatorKeyOf(event);
          if (!creatorKey) break;
          for (const follower of followers.get(creatorKey) ?? []) {
            notifications.push({
              user_key: follower,
              story_id: event.data.storyId,
              creator_key: creatorKey,
              notified_at: event.recordedAt,
              position: event.position,
            });
          }
          break;
        }
        case 'NotificationsSeen':
          reads.set(event.data.userKey, Math.max(reads.get(event.data.userKey) ?? 0, event.data.through));
          break;
      }
    }
    const ended = [...follows.values()].filter((f) => f.event === null);
    for (const f of ended) {
      await trx
        .deleteFrom('follows')
        .where('follower_key', '=', f.follower)
        .where('creator_key', '=', f.creator)
        .execute();
    }
    const begun = [...follows.values()].flatMap((f) =>
      f.event
        ? [
            {
              follower_key: f.follower,
              creator_key: f.creator,
              followed_at: f.event.recordedAt,
              position: f.event.position,
            },
          ]
        : [],
    );
    await inChunks(begun, (slice) =>
      trx
        .insertInto('follows')
        .values(slice)
        .onConflict((oc) => oc.columns(['follower_key', 'creator_key']).doNothing())
        .execute(),
    );
    await inChunks(notifications, (slice) =>
      trx
        .insertInto('creator_notifications')
        .values(slice)
        .onConflict((oc) => oc.columns(['user_key', 'story_id']).doNothing())
        .execute(),
    );
    if (reads.size > 0) {
      await sql`insert into notification_reads (user_key, through)
        select * from unnest(${[...reads.keys()]}::text[], ${[...reads.values()]}::bigint[])
        on conflict (user_key) do update set through = greatest(notification_reads.through, excluded.through)`.execute(
        trx,
      );
    }
  },
};
