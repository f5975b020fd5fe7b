import { idOf, type RecordedEvent } from '@nocturne/events';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { PaymentNoticesTable, PurchasesTable } from '../../read-model/schema';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/** `payment_notice-{provider}-{transactionId}`: the provider's name holds no dash. */
function noticeKeyOf(streamName: string): { provider: string; transactionId: string } {
  const id = idOf(streamName);
  const dash = id.indexOf('-');
  return { provider: id.slice(0, dash), transactionId: id.slice(dash + 1) };
}

/**
 * Tables `purchases` and `payment_notices`: each purchase through a processor, and each of the
 * processor's notices once, applied to its purchase, held for the staff (another amount or
 * currency, a second sale) or queued (it named no purchase of ours). The staff's queue reads
 * those not applied. A notice is stored before it is applied, so its row comes first and a
 * later event only moves its state.
 */
export const paymentNoticesProjection: Projection = {
  name: 'payment-notices',
  handles: ['PurchaseStarted', 'PaymentNoticeReceived', 'PaymentNoticeQueued', 'PaymentHeldForStaff'],
  async applyBatch(trx, events) {
    const purchases: Insertable<PurchasesTable>[] = [];
    const notices = new Map<string, Insertable<PaymentNoticesTable>>();
    /** State changes of notices stored in an earlier batch, by provider and transaction. */
    const moves = new Map<string, { state: 'held' | 'queued'; reason: string }>();
    const key = (provider: string, transactionId: string) => `${provider}\u0000${transactionId}`;
    const move = (k: string, state: 'held' | 'queued', reason: string) => {
      const row = notices.get(k);
      if (row) Object.assign(row, { state, reason });
      else moves.set(k, { state, reason });
    };
    for (const event of events as RecordedEvent[]) {
      switch (event.type) {
        case 'PurchaseStarted':
          purchases.push({
            purchase_id: idOf(event.streamName),
            user_key: event.data.userKey,
            provider: event.data.provider,
            amount_cents: event.data.amountCents,
            currency: event.data.currency,
            discounted: event.data.discounted,
            started_at: event.recordedAt,
          });
          break;
        case 'PaymentNoticeReceived':
          notices.set(key(event.data.provider, event.data.transactionId), {
            provider: event.data.provider,
            transaction_id: event.data.transactionId,
            kind: event.data.kind,
            sale_id: event.data.saleId,
            purchase_id: event.data.reference,
            amount_cents: event.data.amountCents,
            currency: event.data.currency,
            state: 'applied',
            reason: null,
            received_at: event.recordedAt,
            position: event.position,
          });
          break;
        case 'PaymentNoticeQueued': {
          const { provider, transactionId } = noticeKeyOf(event.streamName);
          move(key(provider, transactionId), 'queued', event.data.reason);
          break;
        }
        case 'PaymentHeldForStaff':
          move(key(event.data.provider, event.data.transactionId), 'held', event.data.reason);
          break;
      }
    }
    await inChunks(purchases, (slice) =>
      trx
        .insertInto('purchases')
        .values(slice)
        .onConflict((oc) => oc.column('purchase_id').doNothing())
        .execute(),
    );
    await inChunks([...notices.values()], (slice) =>
      trx
        .insertInto('payment_notices')
        .values(slice)
        .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
        .execute(),
    );
    if (moves.size > 0) {
      const rows = [...moves].map(([k, m]) => [...k.split('\u0000'), m.state, m.reason] as string[]);
      await sql`update payment_notices n set state = m.state, reason = m.reason
        from unnest(${rows.map((r) => r[0])}::text[], ${rows.map((r) => r[1])}::text[],
          ${rows.map((r) => r[2])}::text[], ${rows.map((r) => r[3])}::text[]) as m(provider, transaction_id, state, reason)
        where n.provider = m.provider and n.transaction_id = m.transaction_id`.execute(trx);
    }
  },
};
