import { idOf } from '@nocturne/events';
import type { Projection } from '../../runner/projection';

/**
 * The premium stories each user has unlocked, keyed by the user stream key (never the e-mail).
 * A deleted account's unlocks go with it.
 */
export const premiumUnlocksProjection: Projection = {
  name: 'premium-unlocks',
  handles: ['PremiumStoryUnlocked', 'UserDeleted'],
  async apply(trx, event) {
    const userKey = idOf(event.streamName);
    switch (event.type) {
      case 'PremiumStoryUnlocked':
        await trx
          .insertInto('premium_unlocks')
          .values({ user_key: userKey, story_id: event.data.storyId, unlocked_at: event.recordedAt })
          .onConflict((oc) => oc.columns(['user_key', 'story_id']).doNothing())
          .execute();
        return;
      case 'UserDeleted':
        await trx.deleteFrom('premium_unlocks').where('user_key', '=', userKey).execute();
        return;
    }
  },
};
