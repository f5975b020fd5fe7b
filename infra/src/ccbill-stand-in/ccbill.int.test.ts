import { CCBILL_WEBHOOK_RANGES } from '@nocturne/command-api';
import { type ApiUser, adminToken, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccbillDataLinkReport } from '../reconciliation/ccbill-data-link';
import { reconcileDay } from '../reconciliation/reconcile-day';
import { startTestSystem, type TestSystem } from '../system/test-system';
import { type CcbillStandIn, startCcbillStandIn } from './ccbill-stand-in';

/**
 * CCBill and the product over HTTP, through the stand-in that speaks CCBill's wire format: the
 * FlexForms link and its digest, the webhooks from CCBill's addresses (as the proxy in front,
 * TRUST_PROXY, reports them), and Data Link's report for the night's reconciliation.
 */
const account = {
  clientAccnum: '900100',
  clientSubacc: '0000',
  flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
  salt: '7d901dad245fd0ff6bc20d06',
};
const dataLink = { username: 'nocturne-datalink', password: 'datalink-password' };
/** An address inside CCBill's published ranges, and one outside them. */
const CCBILL_ADDRESS = '64.38.212.9';
const ELSEWHERE = '203.0.113.50';

let system: TestSystem;
let ccbill: CcbillStandIn;

async function startWith(trustProxy: TestSystem['config']['trustProxy']) {
  const standIn = await startCcbillStandIn({ ...account, dataLink, senderAddress: CCBILL_ADDRESS });
  const started = await startTestSystem({
    trustProxy,
    payments: {
      provider: 'ccbill',
      ...account,
      flexFormsUrl: standIn.flexFormsUrl,
      webhookSenders: CCBILL_WEBHOOK_RANGES,
      descriptor: 'NOCTURNE TEST',
    },
  });
  standIn.webhookUrl = `${started.baseUrl}/api/payments/ccbill/webhooks`;
  return { system: started, ccbill: standIn };
}

beforeAll(async () => {
  ({ system, ccbill } = await startWith(['127.0.0.1', '::1']));
});
afterAll(async () => {
  await ccbill?.stop();
  await system?.stop();
});

async function startPurchase(target: TestSystem, reader: ApiUser) {
  const started = await fetch(`${target.baseUrl}/api/payments/purchases`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${reader.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(started.status).toBe(201);
  return (await started.json()) as { purchase_id: string; payment_url: string };
}

async function premiumOf(target: TestSystem, reader: ApiUser) {
  await target.settle();
  const me = await fetch(`${target.baseUrl}/api/auth/me`, {
    headers: { Authorization: `Bearer ${reader.token}` },
  });
  return (await me.json()) as { is_subscribed: boolean; premium_stories_remaining: number };
}

/** A reader who has bought nothing yet (signups are rate limited per address: one for several tests). */
let plain: ApiUser | undefined;
const plainReader = async () => {
  plain ??= await createVerifiedUser(system.baseUrl, { prefix: 'ccbill-reader' });
  return plain;
};

const head = async (target: TestSystem) => (await target.infra.store.readAll(0, 1_000_000)).length;

describe('CCBill through its stand-in', () => {
  it('gives a FlexForms link whose formDigest CCBill accepts, and a sale from its addresses grants premium once', async () => {
    const reader = await createVerifiedUser(system.baseUrl, { prefix: 'ccbill-buyer' });
    const { purchase_id: purchaseId, payment_url: paymentUrl } = await startPurchase(system, reader);
    const link = new URL(paymentUrl);
    expect(link.pathname).toBe(`/wap-frontflex/flexforms/${account.flexId}`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      initialPrice: '15.00',
      initialPeriod: '30',
      currencyCode: '840',
      purchaseReference: purchaseId,
    });
    const { subscriptionId, answer } = await ccbill.pay(paymentUrl);
    expect(answer?.status).toBe(200);
    expect(await answer?.text()).toBe('OK');
    expect(await premiumOf(system, reader)).toMatchObject({
      is_subscribed: true,
      premium_stories_remaining: 30,
    });
    const notices = await system.infra.store.readStream(`payment_notice-ccbill-${subscriptionId}`);
    expect(notices.map((event) => event.type)).toContain('PaymentNoticeReceived');
  });

  it('takes premium back on a refund, a void, or a chargeback', async () => {
    // One reader, one purchase after another: each reversal takes back its own purchase's stories.
    const reader = await createVerifiedUser(system.baseUrl, { prefix: 'ccbill-reversed' });
    for (const type of ['REFUND', 'VOID', 'CHARGEBACK'] as const) {
      const { payment_url: paymentUrl } = await startPurchase(system, reader);
      const { subscriptionId } = await ccbill.pay(paymentUrl);
      expect((await premiumOf(system, reader)).is_subscribed).toBe(true);
      const reversed = await ccbill.reverse(type, subscriptionId);
      expect(reversed.status).toBe(200);
      expect(await premiumOf(system, reader)).toMatchObject({
        is_subscribed: false,
        premium_stories_remaining: 0,
      });
      // CCBill sends it again (it never heard the answer): nothing changes.
      const before = await head(system);
      const again = await ccbill.reverse(type, subscriptionId);
      expect(again.status).toBe(200);
      expect(await head(system)).toBe(before);
    }
  });

  it('changes nothing on a declined sale (NewSaleFailure), and answers it so that CCBill stops', async () => {
    const reader = await plainReader();
    const { payment_url: paymentUrl } = await startPurchase(system, reader);
    const before = await head(system);
    const answer = await ccbill.decline(paymentUrl);
    expect(answer.status).toBe(200);
    expect(await head(system)).toBe(before);
    expect((await premiumOf(system, reader)).is_subscribed).toBe(false);
  });

  it('refuses a webhook from outside the ranges (through TRUST_PROXY) with nothing appended', async () => {
    const reader = await plainReader();
    const { payment_url: paymentUrl } = await startPurchase(system, reader);
    const before = await head(system);
    const { answer, subscriptionId } = await ccbill.pay(paymentUrl, { from: ELSEWHERE });
    // Not CCBill's sale: a forger's, which CCBill never made.
    ccbill.forget(subscriptionId);
    expect(answer?.status).toBe(403);
    expect(((await answer!.json()) as { detail: string }).detail).toBe(
      "The webhook does not come from CCBill's addresses.",
    );
    expect(await head(system)).toBe(before);
    expect((await premiumOf(system, reader)).is_subscribed).toBe(false);
  });

  it('reconciles a day with Data Link: a sale that never came is missing here, one CCBill does not know is missing there', async () => {
    const reader = await plainReader();
    const unheard = await ccbill.pay((await startPurchase(system, reader)).payment_url, { post: false });
    const unknownPurchase = await startPurchase(system, reader);
    const unknown = await ccbill.pay(unknownPurchase.payment_url);
    ccbill.forget(unknown.subscriptionId);
    await system.settle();
    const day = new Date().toISOString().slice(0, 10);
    const report = ccbillDataLinkReport({
      url: ccbill.dataLinkUrl,
      ...dataLink,
      clientAccnum: account.clientAccnum,
    });
    const result = await reconcileDay(
      {
        db: system.infra.db,
        store: system.infra.store,
        notifier: system.infra.notifier,
        clock: () => new Date(),
      },
      'ccbill',
      report,
      day,
    );
    expect(result.differences).toEqual(
      expect.arrayContaining([
        {
          transactionId: unheard.subscriptionId,
          kind: 'sale',
          issue: 'missing_here',
          here: null,
          there: { amountCents: 1500, currency: 'USD' },
        },
        {
          transactionId: unknown.subscriptionId,
          kind: 'sale',
          issue: 'missing_there',
          here: { amountCents: 1500, currency: 'USD' },
          there: null,
        },
      ]),
    );
    expect(result.differences).toHaveLength(2);

    // The auditor's page reads the night from its event, with the purchase the logged sale names.
    await system.settle();
    const admin = await adminToken(system.baseUrl, system.config.adminPassword);
    const answer = await fetch(`${system.baseUrl}/api/admin/audit/reconciliations`, {
      headers: { 'X-Admin-Code': admin },
    });
    expect(answer.status).toBe(200);
    const { nights } = (await answer.json()) as {
      nights: Array<{
        provider: string;
        day: string;
        processor_transactions: number;
        differences: Array<Record<string, unknown>>;
      }>;
    };
    const night = nights.find((n) => n.provider === 'ccbill' && n.day === day)!;
    expect(night.processor_transactions).toBe(result.processorTransactions);
    expect(night.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          transaction_id: unheard.subscriptionId,
          issue: 'missing_here',
          purchase_id: null,
          there: { amount: 15, currency: 'USD' },
        }),
        expect.objectContaining({
          transaction_id: unknown.subscriptionId,
          issue: 'missing_there',
          purchase_id: unknownPurchase.purchase_id,
          here: { amount: 15, currency: 'USD' },
        }),
      ]),
    );
  });
});

describe('CCBill without TRUST_PROXY', () => {
  it('sees the TCP peer, not X-Forwarded-For: a loopback sender claiming a CCBill address is refused', async () => {
    const plain = await startWith(false);
    try {
      const reader = await createVerifiedUser(plain.system.baseUrl, { prefix: 'ccbill-no-proxy' });
      const { payment_url: paymentUrl } = await startPurchase(plain.system, reader);
      const before = await head(plain.system);
      const { answer } = await plain.ccbill.pay(paymentUrl);
      expect(answer?.status).toBe(403);
      expect(await head(plain.system)).toBe(before);
    } finally {
      await plain.ccbill.stop();
      await plain.system.stop();
    }
  });
});
