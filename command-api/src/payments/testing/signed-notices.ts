import { randomUUID } from 'node:crypto';
import { type NoticeKind, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { given, userRegistered } from '@nocturne/events/testing';
import { amountOf } from '../payment-processor';
import { flexpaySignature } from '../verotel/flexpay-signature';
import { type FlexPaySettings, verotelFlexPay } from '../verotel/verotel-flexpay';

/** The FlexPay settings the payment tests sign their notices with. */
export const testFlexPay: FlexPaySettings = {
  shopId: '68849',
  signatureKey: 'test-signature-key-0123456789',
  orderUrl: 'https://secure.verotel.test/startorder',
  descriptor: 'NOCTURNE TEST',
};
export const testProcessor = verotelFlexPay(testFlexPay);

/** A postback as Verotel sends it (GET parameters), signed with the test key. */
export function signedPostback(notice: {
  kind: NoticeKind;
  transactionId: string;
  saleId: string;
  reference: string | null;
  amountCents?: number;
  currency?: string;
}): Record<string, string> {
  const params: Record<string, string> = {
    shopID: testFlexPay.shopId,
    type: 'purchase',
    saleID: notice.saleId,
    transactionID: notice.transactionId,
    priceAmount: amountOf(notice.amountCents ?? 1500),
    priceCurrency: notice.currency ?? 'USD',
    paymentMethod: 'CC',
    ...(notice.reference ? { referenceID: notice.reference } : {}),
    ...(notice.kind === 'refund'
      ? { event: 'credit' }
      : notice.kind === 'chargeback'
        ? { event: 'chargeback' }
        : {}),
  };
  return { ...params, signature: flexpaySignature(testFlexPay.signatureKey, testFlexPay.shopId, params) };
}

/** A registered reader and a started purchase of theirs, written as history. */
export async function givenPurchase(
  store: EventStore,
  options: { userKey?: string; purchaseId?: string; amountCents?: number } = {},
): Promise<{ userKey: string; purchaseId: string }> {
  const userKey = options.userKey ?? randomUUID().replaceAll('-', '');
  const purchaseId = options.purchaseId ?? randomUUID();
  const registered = userRegistered();
  if ((await store.readStream(streams.user(userKey))).length === 0)
    await given(store, streams.user(userKey), [registered]);
  await given(store, streams.purchase(purchaseId), [
    {
      type: 'PurchaseStarted',
      data: {
        userKey,
        accountId: registered.data.accountId,
        provider: 'verotel',
        amountCents: options.amountCents ?? 1500,
        currency: 'USD',
        discounted: false,
      },
    },
  ]);
  return { userKey, purchaseId };
}
