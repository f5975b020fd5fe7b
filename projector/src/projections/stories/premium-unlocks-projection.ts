import { idOf } from '@nocturne/events';
import { sql } from 'kysely';
import type { Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';

/**
 * The premium stories each user has unlocked, keyed by the user stream key (never the e-mail).
 * A deleted account's unlocks go with it.
 */
export const premiumUnlocksProjection: Projection = {
  name: 'premium-unlocks',
  handles: ['PremiumStoryUnlocked', 'UserDeleted'],
  async applyBatch(trx, events) {
    // Per user: was it deleted in the batch, and what it unlocked after its last deletion.
    const deleted = new Set<string>();
    const unlocks = new Map<string, { user_key: string; story_id: string; unlocked_at: Date }[]>();
    for (const event of events) {
      const userKey = idOf(event.streamName);
      if (event.type === 'UserDeleted') {
        deleted.add(userKey);
        unlocks.delete(userKey);
      } else if (event.type === 'PremiumStoryUnlocked') {
        const list = unlocks.get(userKey) ?? [];
        list.push({ user_key: userKey, story_id: event.data.storyId, unlocked_at: event.recordedAt });
        unlocks.set(userKey, list);
      }
    }
    if (deleted.size > 0) {
      await trx
        .deleteFrom('premium_unlocks')
        .where('user_key', 'in', [...deleted])
        .execute();
    }
    // The first unlock of a story counts (do nothing on conflict), so duplicates keep the first.
    const rows = [...unlocks.values()].flat();
    if (rows.length === 0) return;
    const { columns, select } = unnestRows(rows, {
      user_key: 'text',
      story_id: 'text',
      unlocked_at: 'timestamptz',
    });
    await sql`insert into premium_unlocks (${columns}) ${select}
      on conflict (user_key, story_id) do nothing`.execute(trx);
  },
};
