import { streams } from '@nocturne/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';
import { httpPaymentNoticeReceiver } from './http-notice-receiver';
import { givenPurchase, signedPostback, testFlexPay } from './testing/signed-notices';

/** Split mode: query-api hands a processor's notice to command-api over its internal route. */
const internalToken = 'i'.repeat(40);
let api: TestCommandApi;

beforeAll(async () => {
  api = await startTestCommandApi({ internalToken, payments: { provider: 'verotel', ...testFlexPay } });
});
afterAll(async () => {
  await api?.stop();
});

describe('POST /internal/payments/notice', () => {
  it('takes the notice for query-api and answers what the processor is told', async () => {
    const { purchaseId } = await givenPurchase(api.ports.store);
    const receive = httpPaymentNoticeReceiver([api.baseUrl], internalToken);
    const answer = await receive(
      signedPostback({ kind: 'sale', transactionId: 'T1', saleId: 'S1', reference: purchaseId }),
    );
    expect(answer).toEqual({ status: 200, body: 'OK', outcome: 'applied' });
    const purchase = await api.ports.store.readStream(streams.purchase(purchaseId));
    expect(purchase.map((e) => e.type)).toEqual(['PurchaseStarted', 'PaymentReceived']);
    const forged = await receive({
      ...signedPostback({ kind: 'sale', transactionId: 'T2', saleId: 'S2', reference: purchaseId }),
      priceAmount: '1.00',
    });
    expect(forged).toMatchObject({ status: 403, outcome: 'refused', reason: 'signature' });
  });

  it('refuses a caller without the internal token, storing nothing', async () => {
    const before = (await api.ports.store.readAll(0, 10_000)).length;
    const receive = httpPaymentNoticeReceiver([api.baseUrl], 'x'.repeat(40));
    await expect(
      receive(signedPostback({ kind: 'sale', transactionId: 'T3', saleId: 'S3', reference: 'p' })),
    ).rejects.toMatchObject({
      statusCode: 503,
    });
    expect((await api.ports.store.readAll(0, 10_000)).length).toBe(before);
  });

  it('takes every command-api, passing over one that does not answer (a copy is stored once)', async () => {
    const { purchaseId } = await givenPurchase(api.ports.store);
    // Port 1 on loopback: nobody listens there.
    const receive = httpPaymentNoticeReceiver(['http://127.0.0.1:1', api.baseUrl], internalToken);
    const sale = signedPostback({ kind: 'sale', transactionId: 'T4', saleId: 'S4', reference: purchaseId });
    expect(await receive(sale)).toEqual({ status: 200, body: 'OK', outcome: 'applied' });
    expect(await receive(sale)).toEqual({ status: 200, body: 'OK', outcome: 'duplicate' });
    const purchase = await api.ports.store.readStream(streams.purchase(purchaseId));
    expect(purchase.map((e) => e.type)).toEqual(['PurchaseStarted', 'PaymentReceived']);
  });

  it('answers 503 when no command-api answers, and needs at least one', async () => {
    const receive = httpPaymentNoticeReceiver(['http://127.0.0.1:1'], internalToken);
    await expect(
      receive(signedPostback({ kind: 'sale', transactionId: 'T5', saleId: 'S5', reference: 'p' })),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(() => httpPaymentNoticeReceiver([], internalToken)).toThrow();
  });
});
