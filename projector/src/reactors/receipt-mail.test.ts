import type { RecordedEvent } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { receiptMailReactor } from './receipt-mail';
import { reactorContext as context } from './testing/reactor-context';

const paid = (data: Record<string, unknown>) =>
  ({
    type: 'PaymentReceived',
    data: {
      provider: 'local',
      transactionId: '500001',
      saleId: '100001',
      amountCents: 1000,
      currency: 'USD',
      paidAt: '2026-03-01T10:05:00.000Z',
      descriptor: 'NOCTURNE STORIES',
      ...data,
    },
    eventId: '66666666-6666-4666-8666-666666666666',
    streamName: 'purchase-7d7f3a38-5c3b-4f7e-9a51-2f0b1d1c0a11',
    streamRevision: 1,
    position: 9,
    metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
    recordedAt: new Date('2026-03-01T10:05:01Z'),
  }) as RecordedEvent;

describe('receipt mail reactor', () => {
  it('mails the amount, the date, our reference and the descriptor, and no card data', async () => {
    const { ctx, sent } = context({ 'pii:v1:x:e': 'reader@example.test' });
    await receiptMailReactor.react(paid({ email: 'pii:v1:x:e' }), ctx);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'reader@example.test', subject: 'Your Nocturne receipt' });
    const text = sent[0]!.text;
    expect(text).toContain('Amount: $10.00');
    expect(text).toContain('Date: 2026-03-01 (10:05 UTC)');
    expect(text).toContain('Reference: 7d7f3a38-5c3b-4f7e-9a51-2f0b1d1c0a11');
    expect(text).toContain('Your card statement shows: NOCTURNE STORIES');
    expect(text).not.toMatch(/\d{12,}/);
  });

  it('sends nothing to an erased account, or for a payment without an address', async () => {
    const { ctx, sent } = context({});
    await receiptMailReactor.react(paid({ email: 'pii:v1:gone:e' }), ctx);
    await receiptMailReactor.react(paid({}), ctx);
    expect(sent).toHaveLength(0);
  });
});
