import { evolveUser, initialUserState } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { MemoryNotifier } from '@nocturne/notify';
import { describe, expect, it } from 'vitest';
import { createPaymentNoticeReceiver } from './receive-notice';
import { givenPurchase, signedPostback, testProcessor } from './testing/signed-notices';

function setup() {
  const store = new MemoryEventStore();
  const receive = createPaymentNoticeReceiver(
    { store, notifier: new MemoryNotifier(), clock: () => new Date('2026-03-01T10:00:00.000Z') },
    testProcessor,
  );
  const head = async () => (await store.readAll(0, 10_000)).length;
  const user = async (userKey: string) =>
    (await aggregateStream(store, streams.user(userKey), evolveUser, initialUserState)).state;
  return { store, receive, head, user };
}

describe('receiving a processor notice', () => {
  it('grants premium by itself on a signed sale, answering OK once it is stored', async () => {
    const { store, receive, user } = setup();
    const { userKey, purchaseId } = await givenPurchase(store);
    const answer = await receive(
      signedPostback({ kind: 'sale', transactionId: 'T1', saleId: 'S1', reference: purchaseId }),
    );
    expect(answer).toEqual({ status: 200, body: 'OK', outcome: 'applied' });
    const state = await user(userKey);
    expect(state.isPremiumMember).toBe(true);
    expect(state.premiumRemaining).toBe(30);
    const types = (await store.readStream(streams.purchase(purchaseId))).map((e) => e.type);
    expect(types).toEqual(['PurchaseStarted', 'PaymentReceived']);
  });

  it('answers a second copy OK and changes nothing', async () => {
    const { store, receive, head } = setup();
    const { purchaseId } = await givenPurchase(store);
    const sale = signedPostback({ kind: 'sale', transactionId: 'T1', saleId: 'S1', reference: purchaseId });
    await receive(sale);
    const before = await head();
    expect(await receive(sale)).toEqual({ status: 200, body: 'OK', outcome: 'duplicate' });
    expect(await head()).toBe(before);
  });

  it('keeps a refund that comes before its sale: the sale then grants nothing', async () => {
    const { store, receive, user } = setup();
    const { userKey, purchaseId } = await givenPurchase(store);
    await receive(
      signedPostback({ kind: 'refund', transactionId: 'R1', saleId: 'S1', reference: purchaseId }),
    );
    await receive(signedPostback({ kind: 'sale', transactionId: 'T1', saleId: 'S1', reference: purchaseId }));
    const state = await user(userKey);
    expect(state.isPremiumMember).toBe(false);
    expect(state.premiumRemaining).toBe(0);
  });

  it('refuses a bad signature or a tampered parameter with nothing appended', async () => {
    const { store, receive, head } = setup();
    const { purchaseId } = await givenPurchase(store);
    const before = await head();
    const sale = signedPostback({ kind: 'sale', transactionId: 'T1', saleId: 'S1', reference: purchaseId });
    expect(await receive({ ...sale, priceAmount: '0.01' })).toMatchObject({
      status: 403,
      reason: 'signature',
    });
    expect(await receive({ ...sale, signature: 'f'.repeat(64) })).toMatchObject({ status: 403 });
    const { signature: _none, ...unsigned } = sale;
    expect(await receive(unsigned)).toMatchObject({ status: 403 });
    expect(await head()).toBe(before);
  });

  it('holds a sale of another amount for the staff, granting nothing', async () => {
    const { store, receive, user } = setup();
    const { userKey, purchaseId } = await givenPurchase(store);
    const answer = await receive(
      signedPostback({
        kind: 'sale',
        transactionId: 'T1',
        saleId: 'S1',
        reference: purchaseId,
        amountCents: 100,
      }),
    );
    expect(answer.status).toBe(200);
    expect((await user(userKey)).isPremiumMember).toBe(false);
    const held = (await store.readStream(streams.purchase(purchaseId))).at(-1);
    expect(held?.type).toBe('PaymentHeldForStaff');
  });

  it('stores and queues a notice naming no purchase of ours', async () => {
    const { store, receive } = setup();
    for (const reference of ['nobody-knows-this', null]) {
      const transactionId = reference ? 'T9' : 'T10';
      const answer = await receive(signedPostback({ kind: 'sale', transactionId, saleId: 'S9', reference }));
      expect(answer).toEqual({ status: 200, body: 'OK', outcome: 'queued' });
      const stored = await store.readStream(streams.paymentNotice('verotel', transactionId));
      expect(stored.map((e) => e.type)).toEqual(['PaymentNoticeReceived', 'PaymentNoticeQueued']);
    }
  });

  it('acknowledges an authentic notice of something this product does not sell, storing nothing', async () => {
    const { receive, head } = setup();
    const rebill = signedPostback({ kind: 'sale', transactionId: 'T1', saleId: 'S1', reference: 'p' });
    const { signature: _s, ...params } = rebill;
    const { flexpaySignature } = await import('./verotel/flexpay-signature');
    const other = { ...params, type: 'subscription', event: 'rebill' };
    const answer = await receive({
      ...other,
      signature: flexpaySignature('test-signature-key-0123456789', '68849', other),
    });
    expect(answer).toEqual({ status: 200, body: 'OK', outcome: 'ignored' });
    expect(await head()).toBe(0);
  });
});
