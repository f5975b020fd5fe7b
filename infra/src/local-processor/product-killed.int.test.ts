import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { openEventStore } from '@nocturne/events/store/open';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { type ApiUser, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/free-port';
import { type OneProcessChild, startOneProcessChild } from '../test-env/one-process';
import { LOCAL_SHOP_ID, type LocalProcessor, startLocalProcessor } from './local-processor';
import { TEST_CARDS } from './pages';

/**
 * The fault the issue names: the product is killed (SIGKILL) while the local processor is
 * sending it notices, and more money moves while it is down. After its restart the processor's
 * retries land: every sale and refund is stored once, every purchase grants once and its refund
 * takes the grant back once; the log and the read model agree on it.
 *
 * The worst moment to die is after a notice is stored but before the processor hears "OK": the
 * processor then sends it again, and a second grant is the bug to catch. A gate between the two
 * makes that moment happen every time: it forwards the first notices and holds back the
 * product's answers, then the product is killed, so those notices come again after the restart.
 *
 * The product runs as `npm start` runs it (the compiled one process, its own database, port and
 * DATA_DIR), in a child process so that it can be killed; the processor runs here, so it keeps
 * sending while the product is gone, with its back-off shortened from hours to under a second.
 */
const signatureKey = 'product-killed-signature-key';
const READERS = 3;
const PURCHASES_EACH = 4;

let database: TestDatabase;
let dataDir: string;
let processorDir: string;
let base: string;
let env: Record<string, string>;
let processor: LocalProcessor;
let product: OneProcessChild | undefined;
let store: EventStore;
/** The processor's postback address: forwards to the product, or holds back its answers. */
let gate: Server;
let holdAnswers = true;
/** Transaction ids of notices the product answered while the gate held the answer back. */
const answersHeld: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('killed');
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-killed-'));
  processorDir = await mkdtemp(join(tmpdir(), 'nocturne-killed-processor-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  gate = createServer(async (request, response) => {
    // Decided as the notice arrives: one forwarded before the kill is held whenever it is answered.
    const hold = holdAnswers;
    const answer = await fetch(`${base}${request.url}`).catch(() => undefined);
    if (!answer) return response.writeHead(502).end();
    const body = await answer.text();
    if (hold && body === 'OK') {
      answersHeld.push(new URL(request.url ?? '/', base).searchParams.get('transactionID') ?? '');
      return response.destroy();
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(body);
  });
  await new Promise<void>((done) => gate.listen(0, '127.0.0.1', done));
  processor = await startLocalProcessor({
    dataDir: processorDir,
    port: 0,
    shopId: LOCAL_SHOP_ID,
    signatureKey,
    postbackUrl: `http://127.0.0.1:${(gate.address() as { port: number }).port}/api/payments/notices`,
    retry: { firstMs: 200, maxMs: 800 },
  });
  env = {
    DATABASE_URL: database.url,
    NATS_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'product-killed-admin-password',
    EXPOSE_VERIFICATION_TOKEN: 'true',
    DEMO: '0',
    DIGEST_TIME: 'off',
    AGE_ASSURANCE: 'off',
    AGE_WALLET: 'off',
    // The processor's wire is FlexPay's: the product takes it as Verotel's, on this processor.
    PAYMENT_PROVIDER: 'verotel',
    VEROTEL_SHOP_ID: LOCAL_SHOP_ID,
    VEROTEL_SIGNATURE_KEY: signatureKey,
    VEROTEL_ORDER_URL: `${processor.url}/startorder`,
  };
  product = await startOneProcessChild(env);
  store = await openEventStore({ databaseUrl: database.url });
});
afterAll(async () => {
  await store?.close();
  await product?.kill('SIGTERM');
  await processor?.stop();
  await new Promise((done) => gate?.close(done));
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(processorDir, { recursive: true, force: true });
});

/** Starts a purchase for `reader`: the processor's signed order link. */
async function orderLink(reader: ApiUser): Promise<{ purchaseId: string; order: Record<string, string> }> {
  const started = await fetch(`${base}/api/payments/purchases`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${reader.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(started.status).toBe(201);
  const body = (await started.json()) as { purchase_id: string; payment_url: string };
  return { purchaseId: body.purchase_id, order: Object.fromEntries(new URL(body.payment_url).searchParams) };
}

/** The reader pays with the approving test card on the processor's page: a sale, its notice queued. */
async function pay(order: Record<string, string>): Promise<void> {
  const paid = await fetch(`${processor.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...order, card: TEST_CARDS.approve, expiry: '12/34', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

const typesOf = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

describe('the product killed while the processor sends its notices', () => {
  it('lands every notice once after the restart: nothing lost, nothing granted twice', async () => {
    const readers = await Promise.all(
      Array.from({ length: READERS }, (_, i) => createVerifiedUser(base, { prefix: `killed-${i}` })),
    );
    const purchases: Array<{ reader: ApiUser; purchaseId: string; order: Record<string, string> }> = [];
    for (const reader of readers) {
      for (let i = 0; i < PURCHASES_EACH; i++) purchases.push({ reader, ...(await orderLink(reader)) });
    }
    const half = purchases.length / 2;

    // The first half pays at once. The product stores the first notices, but their "OK" is held
    // back at the gate; then it is killed, with the other notices in flight or waiting.
    await Promise.all(purchases.slice(0, half).map((p) => pay(p.order)));
    await until(() => answersHeld.length >= 3, 10_000, 'three notices stored, their answers held');
    await product!.kill('SIGKILL');
    product = undefined;
    holdAnswers = false;
    const storedUnanswered = [...answersHeld];
    for (const transactionId of storedUnanswered) {
      expect(await typesOf(streams.paymentNotice('verotel', transactionId))).toEqual([
        'PaymentNoticeReceived',
      ]);
    }

    // While it is down, the second half pays and a stored sale is refunded: nothing can land.
    await Promise.all(purchases.slice(half).map((p) => pay(p.order)));
    const heldSale = processor.ledger.transactions.find((t) => t.transactionId === storedUnanswered[0])!;
    const refunded = processor.refund(heldSale.saleId);
    await until(
      () =>
        processor.ledger.outbox.some((n) => n.transactionId === refunded.transactionId && n.attempts >= 2),
      10_000,
      'the refund tried twice while the product is down',
    );
    // Every notice is still the processor's to send, the stored ones among them.
    expect(processor.ledger.outbox.map((n) => n.transactionId)).toEqual(
      expect.arrayContaining(storedUnanswered),
    );
    expect(processor.ledger.outbox).toHaveLength(purchases.length + 1);

    product = await startOneProcessChild(env);
    await until(() => processor.ledger.outbox.length === 0, 30_000, 'every notice answered "OK"');

    // The processor's books: 12 sales and a refund, each answered.
    const transactions = processor.ledger.transactions;
    expect(transactions.filter((t) => t.kind === 'sale')).toHaveLength(purchases.length);
    expect(transactions.every((t) => processor.ledger.deliveredAt(t.transactionId))).toBe(true);
    expect(transactions.length).toBe(purchases.length + 1);

    // The log: each transaction stored once on its own stream, each purchase paid once (and the
    // refunded one reversed once), each grant and the revocation made once on the reader's stream.
    for (const t of transactions) {
      expect(await typesOf(streams.paymentNotice('verotel', t.transactionId))).toEqual([
        'PaymentNoticeReceived',
      ]);
    }
    const refundedPurchase = refunded.reference;
    for (const { purchaseId } of purchases) {
      const types = await typesOf(streams.purchase(purchaseId));
      expect(types.filter((type) => type === 'PaymentReceived')).toHaveLength(1);
      expect(types.filter((type) => type === 'PaymentReversed')).toHaveLength(
        purchaseId === refundedPurchase ? 1 : 0,
      );
    }
    const head = String(await store.headPosition());
    for (const reader of readers) {
      const mine = purchases.filter((p) => p.reader === reader).map((p) => p.purchaseId);
      const userKey = (await store.readStream(streams.purchase(mine[0]!)))[0]!.data as { userKey: string };
      const userEvents = await store.readStream(streams.user(userKey.userKey));
      const grants = userEvents
        .filter((e) => e.type === 'PremiumGranted')
        .map((e) => (e.data as { purchaseId: string }).purchaseId);
      expect(grants.sort()).toEqual([...mine].sort());
      const revocations = userEvents
        .filter((e) => e.type === 'PremiumRevoked')
        .map((e) => (e.data as { purchaseId?: string }).purchaseId);
      expect(revocations).toEqual(mine.includes(refundedPurchase) ? [refundedPurchase] : []);

      // The read model, read after the head of the log: premium adds up, each purchase as it ended.
      const owned = mine.length - (mine.includes(refundedPurchase) ? 1 : 0);
      const me = await fetch(`${base}/api/auth/me`, {
        headers: { Authorization: `Bearer ${reader.token}`, 'X-Min-Position': head },
      });
      expect(await me.json()).toMatchObject({ is_subscribed: true, premium_stories_remaining: 30 * owned });
      const premium = await fetch(`${base}/api/me/premium`, {
        headers: { Authorization: `Bearer ${reader.token}`, 'X-Min-Position': head },
      });
      const { purchases: shown } = (await premium.json()) as {
        purchases: Array<{ id: string; status: string }>;
      };
      expect(Object.fromEntries(shown.map((p) => [p.id, p.status]))).toEqual(
        Object.fromEntries(mine.map((id) => [id, id === refundedPurchase ? 'refunded' : 'paid'])),
      );
    }
  });
});
