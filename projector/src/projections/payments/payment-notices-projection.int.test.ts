import { type DomainEvent, streams } from '@nocturne/events';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { paymentNoticesProjection } from './payment-notices-projection';

const readModel = useReadModelDatabase('payment_notices_projection');
const given = projectionSpec(paymentNoticesProjection, readModel, { vault: lookupVault() });
const recorded = eventRecorder();
const at = (minute: number) => `2026-03-01T10:0${minute}:00Z`;

const notice = (transactionId: string, amountCents: number, reference: string | null): DomainEvent => ({
  type: 'PaymentNoticeReceived',
  data: {
    provider: 'verotel',
    kind: 'sale',
    transactionId,
    saleId: `S${transactionId}`,
    reference,
    amountCents,
    currency: 'USD',
    occurredAt: '2026-03-01T10:00:00.000Z',
  },
});

describe('payment notices projection', () => {
  it('keeps each purchase and each notice once, and marks those held or queued for the staff', async () => {
    const purchase = streams.purchase('p1');
    await given(
      recorded(
        {
          type: 'PurchaseStarted',
          data: {
            userKey: 'ka',
            accountId: '11111111-1111-4111-8111-111111111111',
            provider: 'verotel',
            amountCents: 1500,
            currency: 'USD',
            discounted: false,
          },
        },
        purchase,
        at(0),
      ),
      recorded(notice('71', 1500, 'p1'), streams.paymentNotice('verotel', '71'), at(1)),
      recorded(notice('72', 990, 'p1'), streams.paymentNotice('verotel', '72'), at(2)),
      recorded(
        {
          type: 'PaymentHeldForStaff',
          data: {
            provider: 'verotel',
            transactionId: '72',
            saleId: 'S72',
            reason: 'amount_mismatch',
            amountCents: 990,
            currency: 'USD',
          },
        },
        purchase,
        at(3),
      ),
      recorded(notice('73', 1500, null), streams.paymentNotice('verotel', '73'), at(4)),
    ).project();
    // The queue mark of a notice stored in an earlier batch moves its row.
    await given(
      recorded(
        { type: 'PaymentNoticeQueued', data: { reason: 'unknown_reference' } },
        streams.paymentNotice('verotel', '73'),
        at(5),
      ),
    ).thenRows(
      (db) =>
        db
          .selectFrom('payment_notices')
          .select(['transaction_id', 'purchase_id', 'amount_cents', 'state', 'reason'])
          .orderBy('transaction_id')
          .execute(),
      [
        { transaction_id: '71', purchase_id: 'p1', amount_cents: 1500, state: 'applied', reason: null },
        {
          transaction_id: '72',
          purchase_id: 'p1',
          amount_cents: 990,
          state: 'held',
          reason: 'amount_mismatch',
        },
        {
          transaction_id: '73',
          purchase_id: null,
          amount_cents: 1500,
          state: 'queued',
          reason: 'unknown_reference',
        },
      ],
    );
    await given().thenRows(
      (db) => db.selectFrom('purchases').select(['purchase_id', 'user_key', 'amount_cents']).execute(),
      [{ purchase_id: 'p1', user_key: 'ka', amount_cents: 1500 }],
    );
  });
});
