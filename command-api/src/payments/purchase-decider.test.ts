import { refuse } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import type { ProcessorNotice } from './payment-processor';
import { type PurchaseEvent, purchaseDecider, unknownPurchase } from './purchase-decider';

const given = deciderSpec(purchaseDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const started: PurchaseEvent = {
  type: 'PurchaseStarted',
  data: {
    userKey: 'a'.repeat(32),
    accountId: '11111111-1111-4111-8111-111111111111',
    provider: 'verotel',
    amountCents: 1500,
    currency: 'USD',
    discounted: false,
  },
};
const notice = (kind: ProcessorNotice['kind'], transactionId: string, over: Partial<ProcessorNotice> = {}) =>
  command(
    'ApplyNotice',
    {
      provider: 'verotel' as const,
      notice: {
        kind,
        transactionId,
        saleId: 'S1',
        reference: 'p1',
        amountCents: 1500,
        currency: 'USD',
        occurredAt: '2026-03-01T10:00:01.000Z',
        ...over,
      },
    },
    now,
  );
const received = (transactionId = 'T1'): PurchaseEvent => ({
  type: 'PaymentReceived',
  data: {
    provider: 'verotel',
    transactionId,
    saleId: 'S1',
    amountCents: 1500,
    currency: 'USD',
    paidAt: '2026-03-01T10:00:01.000Z',
  },
});
const reversed = (kind: 'refund' | 'chargeback', transactionId: string): PurchaseEvent => ({
  type: 'PaymentReversed',
  data: {
    provider: 'verotel',
    kind,
    transactionId,
    saleId: 'S1',
    amountCents: 1500,
    currency: 'USD',
    reversedAt: '2026-03-01T10:00:01.000Z',
  },
});

describe('purchase decider', () => {
  it('starts a purchase once (a retried start changes nothing)', () => {
    const start = command('StartPurchase', { ...started.data }, now);
    given().when(start).thenEvents([started]);
    given(started).when(start).thenNothing();
  });

  it('records a sale for the price as the payment', () => {
    given(started)
      .when(notice('sale', 'T1'))
      .thenEvents([received('T1')]);
  });

  it("carries the receipt's address and the card statement's descriptor into the payment", () => {
    const withAddress: PurchaseEvent = {
      type: 'PurchaseStarted',
      data: { ...started.data, email: 'pii:v1:a:e' },
    } as PurchaseEvent;
    const apply = command(
      'ApplyNotice',
      { ...notice('sale', 'T1').data, descriptor: 'NOCTURNE STORIES' },
      now,
    );
    const [event] = given(withAddress).when(apply).events();
    expect(event?.data).toMatchObject({ email: 'pii:v1:a:e', descriptor: 'NOCTURNE STORIES' });
  });

  it('records a transaction once: a second copy of a notice changes nothing', () => {
    given(started, received('T1')).when(notice('sale', 'T1')).thenNothing();
    given(started, reversed('refund', 'R1')).when(notice('refund', 'R1')).thenNothing();
  });

  it('holds for the staff a sale of another amount, another currency, or a second sale', () => {
    const held = (transactionId: string, reason: string, amountCents: number, currency: string) => ({
      type: 'PaymentHeldForStaff',
      data: { provider: 'verotel', transactionId, saleId: 'S1', reason, amountCents, currency },
    });
    given(started)
      .when(notice('sale', 'T2', { amountCents: 1000 }))
      .thenEvents([held('T2', 'amount_mismatch', 1000, 'USD') as PurchaseEvent]);
    given(started)
      .when(notice('sale', 'T3', { currency: 'EUR' }))
      .thenEvents([held('T3', 'currency_mismatch', 1500, 'EUR') as PurchaseEvent]);
    given(started, received('T1'))
      .when(notice('sale', 'T4'))
      .thenEvents([held('T4', 'second_sale', 1500, 'USD') as PurchaseEvent]);
  });

  it('records a refund or a chargeback, even before its sale', () => {
    given(started, received('T1'))
      .when(notice('refund', 'R1'))
      .thenEvents([reversed('refund', 'R1')]);
    given(started)
      .when(notice('chargeback', 'C1'))
      .thenEvents([reversed('chargeback', 'C1')]);
  });

  it('refuses a notice for a purchase that was never started', () => {
    given().when(notice('sale', 'T1')).thenRefuses(refuse('not_found', unknownPurchase));
  });
});
