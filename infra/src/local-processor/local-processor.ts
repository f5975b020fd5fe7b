import { timingSafeEqual } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { flexpaySignature, flexpaySignedParams } from '@nocturne/command-api';
import Fastify, { type FastifyInstance } from 'fastify';
import { paymentPage, salesPage, secondStepPage, TEST_CARDS } from './pages';
import { ProcessorLedger, type ProcessorTransaction } from './processor-ledger';

export interface LocalProcessorOptions {
  /** Its books live in `${dataDir}/local-processor`. */
  dataDir: string;
  port: number;
  host?: string;
  shopId: string;
  signatureKey: string;
  /** The merchant's postback URL (the product's GET /api/payments/notices). */
  postbackUrl: string;
  /** How it tries a notice again when the merchant does not answer "OK". */
  retry?: Partial<RetrySchedule>;
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface RetrySchedule {
  /** The wait after the first failed attempt; it doubles after each. */
  firstMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
  /** After this long since the notice's first attempt, it is given up. */
  giveUpMs: number;
}

/** As a real processor does: a few seconds at first, then hours apart, for three days. */
export const DEFAULT_RETRY: RetrySchedule = { firstMs: 2_000, maxMs: 3_600_000, giveUpMs: 72 * 3_600_000 };
/** Notices sent at once. */
const IN_FLIGHT = 16;

export interface LocalProcessor {
  url: string;
  app: FastifyInstance;
  ledger: ProcessorLedger;
  refund(saleId: string): ProcessorTransaction;
  chargeback(saleId: string): ProcessorTransaction;
  /** The day's transactions, as its report serves them. */
  report(day: string): ReportRow[];
  /** Sends every notice that is due now (the sender also does it by itself). */
  deliverDue(): Promise<void>;
  /**
   * A transaction of the past, at its own time, whose notice the caller delivers (the demo's
   * year of history): recorded, and its signed notice answered, never sent by the sender.
   */
  recordPast(entry: Omit<ProcessorTransaction, 'transactionId' | 'saleId'> & { saleId?: string }): {
    transaction: ProcessorTransaction;
    notice: Record<string, string>;
  };
  stop(): Promise<void>;
}

/** One row of the day's transaction report: FlexPay's names for the fields. */
export interface ReportRow {
  transactionID: string;
  saleID: string;
  referenceID: string;
  type: 'sale' | 'credit' | 'chargeback';
  priceAmount: string;
  priceCurrency: string;
  date: string;
}

/** The file that holds the running local processor's URL. */
export const urlFileOf = (dataDir: string) => join(dataDir, 'local-processor', 'url');

/** The shop id the local processor and the product agree on (any will do: it signs with its key). */
export const LOCAL_SHOP_ID = '1001';

export class ProcessorRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A transaction's notice as FlexPay's postback carries it (its query parameters), signed with
 * the shop's key: what the local processor sends, and what the notices bench sends as it.
 */
export function flexpayNotice(
  shopId: string,
  signatureKey: string,
  t: Pick<ProcessorTransaction, 'kind' | 'saleId' | 'transactionId' | 'reference' | 'amount' | 'currency'>,
): Record<string, string> {
  const params: Record<string, string> = {
    shopID: shopId,
    type: 'purchase',
    saleID: t.saleId,
    transactionID: t.transactionId,
    referenceID: t.reference,
    priceAmount: t.amount,
    priceCurrency: t.currency,
    paymentMethod: 'CC',
    ...(t.kind === 'refund' ? { event: 'credit' } : t.kind === 'chargeback' ? { event: 'chargeback' } : {}),
  };
  return { ...params, signature: flexpaySignature(signatureKey, shopId, params) };
}

/**
 * The embedded payment processor `npm start` runs when no real one is configured: a hosted
 * payment page for FlexPay order links (their signature checked as Verotel does), test cards
 * that approve, decline or ask for a second step, and notices in FlexPay's wire format and
 * signature, sent to the merchant's postback URL and sent again, further and further apart, until
 * it answers "OK". Its own page refunds or charges back a sale; its report lists a day's
 * transactions. Nothing of a card is kept or sent anywhere.
 */
export async function startLocalProcessor(options: LocalProcessorOptions): Promise<LocalProcessor> {
  const clock = options.clock ?? (() => new Date());
  const retry: RetrySchedule = { ...DEFAULT_RETRY, ...options.retry };
  const ledger = new ProcessorLedger(join(options.dataDir, 'local-processor'));
  const { shopId, signatureKey } = options;
  const inFlight = new Set<string>();
  let stopped = false;

  const noticeOf = (t: ProcessorTransaction) => flexpayNotice(shopId, signatureKey, t);

  async function deliver(
    transactionId: string,
    params: Record<string, string>,
    firstAt: string,
    attempts: number,
  ) {
    inFlight.add(transactionId);
    try {
      const url = `${options.postbackUrl}?${new URLSearchParams(params)}`;
      const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) })
        .then(async (response) => (response.ok ? (await response.text()).trim() : `HTTP ${response.status}`))
        .catch((error: unknown) => (error instanceof Error ? error.message : 'no answer'));
      const now = clock();
      if (answer === 'OK') ledger.delivered(transactionId, now);
      else {
        const wait = Math.min(retry.maxMs, retry.firstMs * 2 ** attempts);
        const next = new Date(now.getTime() + wait);
        const givenUp = next.getTime() - Date.parse(firstAt) > retry.giveUpMs;
        ledger.failed(transactionId, givenUp ? null : next);
        options.log?.(
          `notice ${transactionId} not acknowledged (${answer.slice(0, 80)}): ${givenUp ? 'given up' : `again at ${next.toISOString()}`}`,
        );
      }
    } finally {
      inFlight.delete(transactionId);
    }
  }

  async function deliverDue(): Promise<void> {
    const now = clock().getTime();
    const due = ledger.outbox
      .filter((n) => !inFlight.has(n.transactionId) && Date.parse(n.nextAt) <= now)
      .slice(0, Math.max(0, IN_FLIGHT - inFlight.size));
    await Promise.all(due.map((n) => deliver(n.transactionId, n.params, n.firstAt, n.attempts)));
  }

  const sender = setInterval(() => {
    if (!stopped) void deliverDue();
  }, 100);
  sender.unref();

  function reverse(saleId: string, kind: 'refund' | 'chargeback'): ProcessorTransaction {
    const sale = ledger.sale(saleId);
    if (!sale) throw new ProcessorRefusal(404, `No sale ${saleId}.`);
    if (ledger.reversed(saleId))
      throw new ProcessorRefusal(409, `Sale ${saleId} was already refunded or charged back.`);
    const transaction = ledger.record(
      {
        kind,
        saleId,
        reference: sale.reference,
        amount: sale.amount,
        currency: sale.currency,
        at: clock().toISOString(),
      },
      noticeOf,
    );
    void deliverDue();
    return transaction;
  }

  function orderOf(params: Record<string, string>): Record<string, string> | null {
    const { signature, ...rest } = params;
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return null;
    if (rest.shopID !== shopId || rest.type !== 'purchase') return null;
    const expected = Buffer.from(flexpaySignature(signatureKey, shopId, flexpaySignedParams(rest)), 'hex');
    if (!timingSafeEqual(Buffer.from(signature.toLowerCase(), 'hex'), expected)) return null;
    if (!/^\d{1,7}\.\d{2}$/.test(rest.priceAmount ?? '') || !rest.referenceID || !rest.successURL)
      return null;
    return params;
  }

  /** The signed order a form carries on (its hidden fields), checked again: else a 400. */
  function orderFromForm(form: Record<string, string>): Record<string, string> {
    const { card: _card, expiry: _expiry, cvc: _cvc, answer: _answer, ...signed } = form;
    const order = orderOf(signed);
    if (!order) throw new ProcessorRefusal(400, 'The order link is not signed for this shop.');
    return order;
  }

  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status =
      error instanceof ProcessorRefusal
        ? error.statusCode
        : ((error as { statusCode?: number }).statusCode ?? 500);
    const message = error instanceof Error ? error.message : 'Something went wrong.';
    reply.code(status).type('text/plain; charset=utf-8').send(message);
  });

  app.get('/startorder', async (request, reply) => {
    const order = orderOf(request.query as Record<string, string>);
    if (!order) throw new ProcessorRefusal(400, 'The order link is not signed for this shop.');
    return reply.type('text/html; charset=utf-8').send(paymentPage(order));
  });

  app.post('/pay', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const order = orderFromForm(form);
    const card = (form.card ?? '').replace(/\s+/g, '');
    if (card === TEST_CARDS.decline.replaceAll(' ', '')) return reply.redirect(order.declineURL ?? '/', 303);
    if (card === TEST_CARDS.secondStep.replaceAll(' ', '')) {
      return reply.type('text/html; charset=utf-8').send(secondStepPage(order));
    }
    if (card !== TEST_CARDS.approve.replaceAll(' ', '')) {
      return reply
        .type('text/html; charset=utf-8')
        .send(paymentPage(order, 'Use one of the test cards below.'));
    }
    return approve(order, reply);
  });

  app.post('/pay/confirm', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const order = orderFromForm(form);
    if (form.answer !== 'confirm') return reply.redirect(order.declineURL ?? '/', 303);
    return approve(order, reply);
  });

  function approve(order: Record<string, string>, reply: import('fastify').FastifyReply) {
    ledger.record(
      {
        kind: 'sale',
        reference: order.referenceID!,
        amount: order.priceAmount!,
        currency: order.priceCurrency ?? 'USD',
        at: clock().toISOString(),
      },
      noticeOf,
    );
    void deliverDue();
    return reply.redirect(order.successURL!, 303);
  }

  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(salesPage(ledger.transactions, (id) => ledger.deliveredAt(id))),
  );
  app.post('/sales/:saleId/:action', async (request, reply) => {
    const { saleId, action } = request.params as { saleId: string; action: string };
    if (action !== 'refund' && action !== 'chargeback') throw new ProcessorRefusal(404, 'No such action.');
    const transaction = reverse(saleId, action);
    if ((request.headers.accept ?? '').includes('application/json')) return transaction;
    return reply.redirect('/', 303);
  });

  const report = (day: string): ReportRow[] =>
    ledger.transactions
      .filter((t) => t.at.startsWith(day))
      .map((t) => ({
        transactionID: t.transactionId,
        saleID: t.saleId,
        referenceID: t.reference,
        type: t.kind === 'sale' ? 'sale' : t.kind === 'refund' ? 'credit' : 'chargeback',
        priceAmount: t.amount,
        priceCurrency: t.currency,
        date: t.at,
      }));
  app.get('/report', async (request) => {
    const { day } = request.query as { day?: string };
    if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new ProcessorRefusal(400, 'day: must be YYYY-MM-DD');
    return report(day);
  });

  const address = await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const port = new URL(address).port;
  // Where `npm run processor` finds the running processor.
  writeFileSync(urlFileOf(options.dataDir), `http://127.0.0.1:${port}\n`);
  return {
    url: `http://localhost:${port}`,
    app,
    ledger,
    refund: (saleId) => reverse(saleId, 'refund'),
    chargeback: (saleId) => reverse(saleId, 'chargeback'),
    report,
    deliverDue,
    recordPast(entry) {
      const transaction = ledger.record(entry, noticeOf);
      // In the same turn as the record: the sender never sees it due.
      ledger.delivered(transaction.transactionId, new Date(entry.at));
      return { transaction, notice: noticeOf(transaction) };
    },
    async stop() {
      stopped = true;
      clearInterval(sender);
      await app.close();
    },
  };
}
