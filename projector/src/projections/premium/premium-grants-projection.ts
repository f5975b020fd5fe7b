import { idOf } from '@nocturne/events';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';
import { rekeyErased } from './rekey-erased';

/**
 * When each user was granted premium, for the landing's "N users became subscribers in the last
 * 30 days": the count is taken at query time against the clock, so it falls as grants age
 * without any event. Pseudonymous keys only: the user stream's key while the account lives, and
 * its account id once it is deleted, so an erased account's grants still count and lead back to
 * no address (an account of the address signed up later is another premium member).
 */
export const premiumGrantsProjection: Projection = {
  name: 'premium-grants',
  handles: ['PremiumGranted', 'UserDeleted'],
  async applyBatch(trx, events) {
    const rows: { event_id: string; user_key: string; granted_at: Date }[] = [];
    const erased = new Map<string, string>();
    for (const event of events) {
      const userKey = idOf(event.streamName);
      if (event.type === 'PremiumGranted') {
        rows.push({ event_id: event.eventId, user_key: userKey, granted_at: event.recordedAt });
      } else if (event.type === 'UserDeleted') {
        for (const row of rows) if (row.user_key === userKey) row.user_key = event.data.accountId;
        erased.set(userKey, event.data.accountId);
      }
    }
    await rekeyErased(trx, 'premium_grants', erased);
    await inChunks(rows, (slice) =>
      trx
        .insertInto('premium_grants')
        .values(slice)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute(),
    );
  },
};
