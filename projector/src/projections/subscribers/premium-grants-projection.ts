import { idOf } from '@nocturne/events';
import type { Projection } from '../../runner/projection';

/**
 * When each user was granted premium, for the landing's "N users became subscribers in the last
 * 30 days": the count is taken at query time against the clock, so it falls as grants age
 * without any event. Pseudonymous keys only.
 */
export const premiumGrantsProjection: Projection = {
  name: 'premium-grants',
  handles: ['PremiumGranted'],
  async apply(trx, event) {
    if (event.type !== 'PremiumGranted') return;
    await trx
      .insertInto('premium_grants')
      .values({ event_id: event.eventId, user_key: idOf(event.streamName), granted_at: event.recordedAt })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },
};
