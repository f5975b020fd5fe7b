import { idOf } from '@nocturne/events';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/**
 * When each user was granted premium, for the landing's "N users became subscribers in the last
 * 30 days": the count is taken at query time against the clock, so it falls as grants age
 * without any event. Pseudonymous keys only.
 */
export const premiumGrantsProjection: Projection = {
  name: 'premium-grants',
  handles: ['PremiumGranted'],
  async applyBatch(trx, events) {
    const rows = events.flatMap((event) =>
      event.type === 'PremiumGranted'
        ? [{ event_id: event.eventId, user_key: idOf(event.streamName), granted_at: event.recordedAt }]
        : [],
    );
    await inChunks(rows, (slice) =>
      trx
        .insertInto('premium_grants')
        .values(slice)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute(),
    );
  },
};
