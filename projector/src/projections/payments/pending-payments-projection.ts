import { idOf } from '@nocturne/events';
import { transactionIdOf } from '@nocturne/events/pii';
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
  async apply(trx, event, { vault }) {
    const userKey = idOf(event.streamName);
    switch (event.type) {
      case 'PaymentConfirmationSubmitted':
        await trx
          .insertInto('pending_payments')
          .values({
            event_id: event.eventId,
            user_key: userKey,
            amount: event.data.amount,
            // Decrypted: null once the account is erased (a rebuild after the deletion).
            transaction_id: await transactionIdOf(vault, event.data),
            payment_method: event.data.paymentMethod,
            submitted_at: event.recordedAt,
            position: event.position,
          })
          .onConflict((oc) => oc.column('event_id').doNothing())
          .execute();
        return;
      case 'PremiumGranted':
        await trx
          .deleteFrom('pending_payments')
          .where('user_key', '=', userKey)
          .where('position', '<', event.position)
          .execute();
        return;
      case 'UserDeleted':
        await trx.deleteFrom('pending_payments').where('user_key', '=', userKey).execute();
        return;
    }
  },
};
