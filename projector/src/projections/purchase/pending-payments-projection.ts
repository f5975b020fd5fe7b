import { idOf } from '@nocturne/events';
import { paymentMethodsOf, transactionIdsOf } from '@nocturne/vault';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { PendingPaymentsTable } from '../../read-model/schema';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/**
 * Payment confirmations that no grant has followed yet, for the admin to check and activate
 * within the promised 24 hours. A grant settles every confirmation before it on that user's
 * stream; a deletion removes the user's rows. The address is not copied here: the admin list
 * joins the users read model, so an erased user leaves nothing behind.
 */
export const pendingPaymentsProjection: Projection = {
  name: 'pending-payments',
  handles: ['PaymentConfirmationSubmitted', 'PremiumGranted', 'UserDeleted'],
  async applyBatch(trx, events, { vault }) {
    // A grant and a deletion both remove the user's confirmations from before them; per user,
    // only the last such position of the batch matters, and of the batch's own confirmations
    // only those after it remain.
    const settledBelow = new Map<string, number>();
    const submitted: Insertable<PendingPaymentsTable>[] = [];
    // Transaction ids are sealed under the account's key: opened once per batch, null once the
    // account is erased (a rebuild after the deletion); a v1 event's plain id as it was.
    const confirmations = events.flatMap((e) => (e.type === 'PaymentConfirmationSubmitted' ? [e] : []));
    const ids = await transactionIdsOf(
      vault,
      confirmations.map((e) => e.data),
    );
    const idOfEvent = new Map(confirmations.map((e, i) => [e.eventId, ids[i]!]));
    const methods = await paymentMethodsOf(
      vault,
      confirmations.map((e) => e.data),
    );
    const methodOfEvent = new Map(confirmations.map((e, i) => [e.eventId, methods[i] ?? null]));
    for (const event of events) {
      const userKey = idOf(event.streamName);
      const method = methodOfEvent.get(event.eventId);
      // Null only once the account is erased (a rebuild after it): its UserDeleted settles it anyway.
      if (event.type === 'PaymentConfirmationSubmitted' && method) {
        submitted.push({
          event_id: event.eventId,
          user_key: userKey,
          amount: event.data.amount,
          transaction_id: idOfEvent.get(event.eventId) ?? null,
          payment_method: method,
          submitted_at: event.recordedAt,
          position: event.position,
        });
      } else if (event.type === 'PremiumGranted' || event.type === 'UserDeleted') {
        settledBelow.set(userKey, event.position);
      }
    }
    if (settledBelow.size > 0) {
      const users = [...settledBelow.keys()].sort();
      await sql`delete from pending_payments p
        using unnest(${users}::text[], ${users.map((u) => settledBelow.get(u)!)}::bigint[]) as s(user_key, below)
        where p.user_key = s.user_key and p.position < s.below`.execute(trx);
    }
    const open = submitted.filter((row) => row.position > (settledBelow.get(row.user_key) ?? 0));
    await inChunks(open, (slice) =>
      trx
        .insertInto('pending_payments')
        .values(slice)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute(),
    );
  },
};
