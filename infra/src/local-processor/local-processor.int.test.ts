import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiUser, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localProcessorReport, reconcileDay } from '../reconciliation/reconcile-day';
import { startTestSystem, type TestSystem } from '../system/test-system';
import { LOCAL_SHOP_ID, type LocalProcessor, startLocalProcessor } from './local-processor';
import { TEST_CARDS } from './pages';

/**
 * The local processor and the product, end to end over HTTP: the order link, the hosted page's
 * test cards, the FlexPay notices (and their retries while the product does not answer), the
 * refund from the processor's page, and the day's report.
 */
const signatureKey = 'local-processor-test-key';
let system: TestSystem;
let processor: LocalProcessor;
let dataDir: string;
/** The product's door as the processor sees it: closed to stand for the product being stopped. */
let gate: Server;
let gatePort: number;
/** Each notice's query as the gate let it through, by transaction id. */
const forwarded = new Map<string, string>();

function openGate(): Promise<void> {
  gate = createServer(async (request, response) => {
    const query = new URL(request.url ?? '/', 'http://gate').searchParams;
    if (query.get('transactionID')) forwarded.set(query.get('transactionID')!, query.toString());
    const answer = await fetch(`${system.baseUrl}${request.url}`);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(await answer.text());
  });
  return new Promise((done) => gate.listen(gatePort, '127.0.0.1', done));
}
const closeGate = () => new Promise<void>((done) => gate.close(() => done()));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-processor-'));
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  gatePort = (probe.address() as { port: number }).port;
  await new Promise<void>((done) => probe.close(() => done()));
  processor = await startLocalProcessor({
    dataDir,
    port: 0,
    shopId: LOCAL_SHOP_ID,
    signatureKey,
    postbackUrl: `http://127.0.0.1:${gatePort}/api/payments/notices`,
    retry: { firstMs: 100, maxMs: 400 },
  });
  system = await startTestSystem({
    payments: {
      provider: 'local',
      shopId: LOCAL_SHOP_ID,
      signatureKey,
      orderUrl: `${processor.url}/startorder`,
      descriptor: 'NOCTURNE TEST',
    },
  });
  await openGate();
});
afterAll(async () => {
  await closeGate().catch(() => {});
  await processor?.stop();
  await system?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function buy(reader: ApiUser, card: string): Promise<{ purchaseId: string; landedOn: string }> {
  const started = await fetch(`${system.baseUrl}/api/payments/purchases`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${reader.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const { purchase_id: purchaseId, payment_url: paymentUrl } = (await started.json()) as Record<
    string,
    string
  >;
  const page = await fetch(paymentUrl!);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(TEST_CARDS.approve);
  const order = Object.fromEntries(new URL(paymentUrl!).searchParams);
  const paid = await fetch(`${processor.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...order, card, expiry: '12/34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  return { purchaseId: purchaseId!, landedOn: paid.headers.get('location') ?? (await paid.text()) };
}

async function premiumOf(reader: ApiUser) {
  await system.settle();
  const me = await fetch(`${system.baseUrl}/api/auth/me`, {
    headers: { Authorization: `Bearer ${reader.token}` },
  });
  return (await me.json()) as { is_subscribed: boolean; premium_stories_remaining: number };
}

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('not within the time');
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('the local processor and the product', () => {
  it('approves the test card, notifies the product, and premium follows; a refund from its page ends it', async () => {
    const reader = await createVerifiedUser(system.baseUrl, { prefix: 'local-buyer' });
    const { purchaseId, landedOn } = await buy(reader, TEST_CARDS.approve);
    expect(landedOn).toBe(`${system.config.publicUrl}/purchase/return?purchase=${purchaseId}`);
    await until(async () => (await premiumOf(reader)).is_subscribed);
    expect(await premiumOf(reader)).toMatchObject({ premium_stories_remaining: 30 });

    const sale = processor.ledger.transactions.find((t) => t.reference === purchaseId)!;
    const refund = await fetch(`${processor.url}/sales/${sale.saleId}/refund`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(refund.status).toBe(303);
    await until(async () => !(await premiumOf(reader)).is_subscribed);
    const day = sale.at.slice(0, 10);
    const report = (await (await fetch(`${processor.url}/report?day=${day}`)).json()) as Array<
      Record<string, string>
    >;
    expect(report.filter((row) => row.referenceID === purchaseId).map((row) => row.type)).toEqual([
      'sale',
      'credit',
    ]);
  });

  it('declines the decline card: back to the decline URL, nothing sold', async () => {
    const reader = await createVerifiedUser(system.baseUrl, { prefix: 'declined' });
    const { purchaseId, landedOn } = await buy(reader, TEST_CARDS.decline);
    expect(landedOn).toContain('declined=1');
    expect(processor.ledger.transactions.some((t) => t.reference === purchaseId)).toBe(false);
  });

  it('keeps sending while the product is stopped; after it is back, the notice lands once', async () => {
    const reader = await createVerifiedUser(system.baseUrl, { prefix: 'patient' });
    await closeGate();
    const { purchaseId } = await buy(reader, TEST_CARDS.approve);
    const sale = processor.ledger.transactions.find((t) => t.reference === purchaseId)!;
    await until(
      async () =>
        (processor.ledger.outbox.find((n) => n.transactionId === sale.transactionId)?.attempts ?? 0) >= 3,
    );
    expect((await premiumOf(reader)).is_subscribed).toBe(false);
    await openGate();
    await until(async () => processor.ledger.deliveredAt(sale.transactionId) !== undefined);
    expect(await premiumOf(reader)).toMatchObject({ is_subscribed: true, premium_stories_remaining: 30 });
    // The processor sends it once more (as one that never heard the OK would): nothing changes.
    const again = await fetch(
      `http://127.0.0.1:${gatePort}/api/payments/notices?${forwarded.get(sale.transactionId)}`,
    );
    expect(await again.text()).toBe('OK');
    expect(await premiumOf(reader)).toMatchObject({ is_subscribed: true, premium_stories_remaining: 30 });
  });

  it("reconciles the day's report with the log: a sale whose notice has not landed is paid there but not here", async () => {
    const reader = await createVerifiedUser(system.baseUrl, { prefix: 'reconciled' });
    await closeGate();
    const { purchaseId } = await buy(reader, TEST_CARDS.approve);
    const sale = processor.ledger.transactions.find((t) => t.reference === purchaseId)!;
    await system.settle();
    const deps = {
      db: system.infra.db,
      store: system.infra.store,
      notifier: system.infra.notifier,
      clock: () => new Date(),
    };
    const day = sale.at.slice(0, 10);
    const before = await reconcileDay(deps, 'local', localProcessorReport(processor.url), day);
    expect(before.differences).toEqual([
      {
        transactionId: sale.transactionId,
        kind: 'sale',
        issue: 'missing_here',
        here: null,
        there: { amountCents: 1500, currency: 'USD' },
      },
    ]);
    const recorded = await system.infra.store.readStream(`reconciliation-local-${day}`);
    expect(recorded.at(-1)?.type).toBe('ReconciliationCompleted');

    await openGate();
    await until(async () => processor.ledger.deliveredAt(sale.transactionId) !== undefined);
    await system.settle();
    const after = await reconcileDay(deps, 'local', localProcessorReport(processor.url), day);
    expect(after.differences).toEqual([]);
    expect(after.processorTransactions).toBe(processor.report(day).length);
  });
});
