import { flexpaySignature } from '@nocturne/command-api';
import { type ApiUser, adminToken, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

/** A reader pays through Verotel FlexPay: the processor's signed postback grants premium by itself. */
const shopId = '68849';
const signatureKey = 'integration-signature-key-42';
let system: TestSystem;
let reader: ApiUser;

const bearer = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });

function postback(params: Record<string, string>): string {
  const signed = { shopID: shopId, type: 'purchase', paymentMethod: 'CC', ...params };
  const query = new URLSearchParams({ ...signed, signature: flexpaySignature(signatureKey, shopId, signed) });
  return `${system.baseUrl}/api/payments/notices?${query}`;
}

async function startPurchase(user: ApiUser, body: Record<string, string> = {}) {
  const response = await fetch(`${system.baseUrl}/api/payments/purchases`, {
    method: 'POST',
    headers: { ...bearer(user), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function me(user: ApiUser, position: string | null) {
  const response = await fetch(`${system.baseUrl}/api/auth/me`, {
    headers: { ...bearer(user), ...(position ? { 'X-Min-Position': position } : {}) },
  });
  return (await response.json()) as { is_subscribed: boolean; premium_stories_remaining: number };
}

async function logHead(): Promise<number> {
  return system.infra.store.readAll(0, 100_000).then((events) => events.at(-1)?.position ?? 0);
}

beforeAll(async () => {
  system = await startTestSystem({
    payments: {
      provider: 'verotel',
      shopId,
      signatureKey,
      orderUrl: 'https://secure.verotel.test/startorder',
      descriptor: 'NOCTURNE TEST',
    },
  });
  reader = await createVerifiedUser(system.baseUrl, { prefix: 'payer' });
});
afterAll(async () => {
  await system?.stop();
});

describe('a purchase through Verotel FlexPay', () => {
  it("answers the reader's Pay with a signed order link carrying the purchase as its reference", async () => {
    const { status, body } = await startPurchase(reader);
    expect(status).toBe(201);
    expect(body.amount).toBe(15);
    const url = new URL(String(body.payment_url));
    expect(url.origin + url.pathname).toBe('https://secure.verotel.test/startorder');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      shopID: shopId,
      type: 'purchase',
      priceAmount: '15.00',
      priceCurrency: 'USD',
      referenceID: body.purchase_id,
      version: '4',
    });
    const { signature, ...signed } = params;
    expect(signature).toBe(flexpaySignature(signatureKey, shopId, signed));
    expect((await startPurchase(reader, { discount_code: 'nope' })).status).toBe(400);
  });

  it('grants premium when the signed sale arrives, with no staff step, and a copy changes nothing', async () => {
    const { body } = await startPurchase(reader);
    const sale = postback({
      saleID: '9001',
      transactionID: '70001',
      referenceID: String(body.purchase_id),
      priceAmount: '15.00',
      priceCurrency: 'USD',
    });
    const answer = await fetch(sale);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('OK');
    const head = await logHead();
    expect(await me(reader, String(head))).toMatchObject({
      is_subscribed: true,
      premium_stories_remaining: 30,
    });

    const copy = await fetch(sale);
    expect(await copy.text()).toBe('OK');
    expect(await logHead()).toBe(head);
    const mine = await fetch(`${system.baseUrl}/api/me/premium`, {
      headers: { ...bearer(reader), 'X-Min-Position': String(head) },
    });
    const { purchases } = (await mine.json()) as { purchases: Array<Record<string, unknown>> };
    expect(purchases.find((p) => p.id === body.purchase_id)).toMatchObject({
      status: 'paid',
      amount: 15,
      transaction_id: '70001',
    });

    const refund = await fetch(
      postback({
        saleID: '9001',
        transactionID: '70002',
        referenceID: String(body.purchase_id),
        priceAmount: '15.00',
        priceCurrency: 'USD',
        event: 'credit',
      }),
    );
    expect(await refund.text()).toBe('OK');
    expect(await me(reader, String(await logHead()))).toMatchObject({
      is_subscribed: false,
      premium_stories_remaining: 0,
    });
  });

  it('refuses a forged notice (403), appends nothing, and counts it in /metrics', async () => {
    const { body } = await startPurchase(reader);
    const head = await logHead();
    const forged = new URL(
      postback({
        saleID: '9002',
        transactionID: '70003',
        referenceID: String(body.purchase_id),
        priceAmount: '15.00',
        priceCurrency: 'USD',
      }),
    );
    forged.searchParams.set('priceAmount', '0.01');
    const answer = await fetch(forged);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ detail: 'The notice is not signed by the payment processor.' });
    expect(await logHead()).toBe(head);
    const metrics = await (await fetch(`${system.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/nocturne_payment_notices_refused_total\{reason="signature"\} [1-9]/);
  });

  it("holds a payment of another amount for the staff: nothing granted, and it is in the staff's queue", async () => {
    const buyer = await createVerifiedUser(system.baseUrl, { prefix: 'short-payer' });
    const { body } = await startPurchase(buyer);
    const answer = await fetch(
      postback({
        saleID: '9003',
        transactionID: '70004',
        referenceID: String(body.purchase_id),
        priceAmount: '1.00',
        priceCurrency: 'USD',
      }),
    );
    expect(await answer.text()).toBe('OK');
    const head = String(await logHead());
    expect(await me(buyer, head)).toMatchObject({ is_subscribed: false });
    const admin = await adminToken(system.baseUrl, system.config.adminPassword);
    const queue = await fetch(`${system.baseUrl}/api/admin/payments/queue`, {
      headers: { 'X-Admin-Code': admin, 'X-Min-Position': head },
    });
    const { notices } = (await queue.json()) as { notices: Array<Record<string, unknown>> };
    expect(notices.find((n) => n.transaction_id === '70004')).toMatchObject({
      email: buyer.email,
      amount: 1,
      price: 15,
      state: 'held',
      reason: 'amount_mismatch',
    });
  });

  it('counts the money for the owner and the auditor: gross, refunds and net, by day and month', async () => {
    const admin = await adminToken(system.baseUrl, system.config.adminPassword);
    const head = String(await logHead());
    for (const period of ['day', 'month']) {
      const answer = await fetch(`${system.baseUrl}/api/admin/revenue?period=${period}`, {
        headers: { 'X-Admin-Code': admin, 'X-Min-Position': head },
      });
      const { revenue } = (await answer.json()) as { revenue: Array<Record<string, unknown>> };
      // One sale of $15 refunded (the held payment of $1 is no revenue).
      expect(revenue).toEqual([
        expect.objectContaining({ currency: 'USD', gross: 15, refunds: 15, chargebacks: 0, net: 0 }),
      ]);
    }
  });
});
