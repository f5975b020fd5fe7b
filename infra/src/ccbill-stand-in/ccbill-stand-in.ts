import { createHash, randomInt } from 'node:crypto';
import { createServer } from 'node:http';

/** One transaction as CCBill keeps it: a sale (NEW) or its reversal. */
export interface StandInTransaction {
  type: 'NEW' | 'REFUND' | 'CHARGEBACK' | 'VOID';
  subscriptionId: string;
  transactionId: string;
  /** UTC, ms. */
  at: number;
  amount: string;
}

export interface CcbillStandInOptions {
  clientAccnum: string;
  clientSubacc: string;
  flexId: string;
  salt: string;
  dataLink: { username: string; password: string };
  /**
   * The address the webhooks claim to come from (X-Forwarded-For), standing for CCBill's servers
   * behind the product's proxy; unset: none, the stand-in's own loopback address is the sender.
   */
  senderAddress?: string;
  /** `form`: application/x-www-form-urlencoded (CCBill's original format), or `json`. */
  format?: 'form' | 'json';
}

export interface CcbillStandIn {
  url: string;
  /** Where the product's payment links point (FlexForms). */
  flexFormsUrl: string;
  /** Data Link's `main.cgi`. */
  dataLinkUrl: string;
  transactions: StandInTransaction[];
  /** Where the webhooks go: the product's POST /api/payments/ccbill/webhooks (set in CCBill's Admin Portal). */
  webhookUrl: string;
  /** The reader pays on the FlexForm the link opens: NewSaleSuccess posted (unless `post: false`). */
  pay(
    paymentUrl: string,
    options?: { post?: boolean; from?: string },
  ): Promise<{ subscriptionId: string; answer: Response | null }>;
  /** The card is declined: NewSaleFailure posted, nothing kept. */
  decline(paymentUrl: string): Promise<Response>;
  reverse(
    type: 'REFUND' | 'CHARGEBACK' | 'VOID',
    subscriptionId: string,
    options?: { from?: string },
  ): Promise<Response>;
  /** Sends a webhook as it is given (a copy, or one from elsewhere). */
  post(eventType: string, fields: Record<string, string>, from?: string): Promise<Response>;
  /** Forgets a transaction, as if CCBill had never made it (for reconciliation's "here, not there"). */
  forget(subscriptionId: string): void;
  stop(): Promise<void>;
}

/** CCBill's clock (Arizona: MST all year), which Data Link and the webhooks' timestamps use. */
const OFFSET_MS = -7 * 3_600_000;
const NUMERIC_TO_LETTERS: Record<string, string> = { '840': 'USD', '978': 'EUR', '826': 'GBP' };
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * A stand-in for CCBill on this machine, speaking its wire format and nothing of this product's:
 * it checks a FlexForms dynamic-price link's formDigest as CCBill does, posts the webhooks
 * (`?eventType=...&eventGroupType=Subscription`, fields URL-encoded or JSON) with the passthrough
 * field given back as `X-<name>` and the approval digest, and answers Data Link's `main.cgi`
 * with its CSV rows. Tests and nobody else use it.
 */
export async function startCcbillStandIn(options: CcbillStandInOptions): Promise<CcbillStandIn> {
  const transactions: StandInTransaction[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method !== 'GET' || url.pathname !== '/data/main.cgi') {
      response.writeHead(404).end();
      return;
    }
    const q = url.searchParams;
    if (
      q.get('username') !== options.dataLink.username ||
      q.get('password') !== options.dataLink.password ||
      q.get('clientAccnum') !== options.clientAccnum
    ) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('Error: Failed Login\n');
      return;
    }
    const from = fromCcbillTime(q.get('startTime') ?? '');
    const to = fromCcbillTime(q.get('endTime') ?? '');
    const types = new Set((q.get('transactionTypes') ?? '').split(','));
    if (from === null || to === null) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('Error: Invalid time range\n');
      return;
    }
    const rows = transactions
      .filter((t) => types.has(t.type) && t.at >= from && t.at <= to + 999)
      .map((t) => dataLinkRow(t));
    response.writeHead(200, { 'content-type': 'text/plain' }).end(rows.length ? `${rows.join('\n')}\n` : '1');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  function dataLinkRow(t: StandInTransaction): string {
    const common = [t.type, options.clientAccnum, options.clientSubacc, t.subscriptionId, ccbillTime(t.at)];
    const fields =
      t.type === 'NEW'
        ? [
            ...common,
            'Test',
            'Reader',
            'reader@example.test',
            '',
            'ACTIVE',
            t.amount,
            '30',
            '0.00',
            '0',
            'N',
            'VISA',
          ]
        : [...common, t.amount];
    return fields.map((field) => `"${field.replaceAll('"', '""')}"`).join(',');
  }

  async function post(eventType: string, fields: Record<string, string>, from?: string): Promise<Response> {
    const sender = from ?? options.senderAddress;
    const json = options.format === 'json';
    return fetch(`${standIn.webhookUrl}?eventType=${eventType}&eventGroupType=Subscription`, {
      method: 'POST',
      headers: {
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
        ...(sender ? { 'x-forwarded-for': sender } : {}),
      },
      body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
  }

  function readLink(paymentUrl: string) {
    const link = new URL(paymentUrl);
    const q = link.searchParams;
    if (link.pathname !== `/wap-frontflex/flexforms/${options.flexId}`) throw new Error('not this FlexForm');
    const digest = md5(
      `${q.get('initialPrice')}${q.get('initialPeriod')}${q.get('currencyCode')}${options.salt}`,
    );
    if (q.get('formDigest') !== digest) throw new Error('the formDigest does not match the price');
    const passthrough = Object.fromEntries(
      [...q.entries()]
        .filter(
          ([name]) =>
            ![
              'clientAccnum',
              'clientSubacc',
              'initialPrice',
              'initialPeriod',
              'currencyCode',
              'formDigest',
            ].includes(name),
        )
        .map(([name, value]) => [`X-${name}`, value]),
    );
    return { q, passthrough };
  }

  const id = (digits: number) =>
    Array.from({ length: digits }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');
  const stamp = (at: number) =>
    ccbillTime(at).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3 $4:$5:$6');

  const standIn: CcbillStandIn = {
    url,
    webhookUrl: '',
    flexFormsUrl: `${url}/wap-frontflex/flexforms`,
    dataLinkUrl: `${url}/data/main.cgi`,
    transactions,
    async pay(paymentUrl, payOptions = {}) {
      const { q, passthrough } = readLink(paymentUrl);
      const subscriptionId = id(19);
      const sale: StandInTransaction = {
        type: 'NEW',
        subscriptionId,
        transactionId: id(19),
        at: Date.now(),
        amount: q.get('initialPrice') ?? '',
      };
      transactions.push(sale);
      if (payOptions.post === false) return { subscriptionId, answer: null };
      const currencyCode = q.get('currencyCode') ?? '';
      const answer = await post(
        'NewSaleSuccess',
        {
          subscriptionId,
          transactionId: sale.transactionId,
          clientAccnum: options.clientAccnum,
          clientSubacc: options.clientSubacc,
          timestamp: stamp(sale.at),
          flexId: options.flexId,
          formName: options.flexId,
          initialPeriod: q.get('initialPeriod') ?? '',
          billedInitialPrice: sale.amount,
          billedCurrencyCode: currencyCode,
          billedCurrency: NUMERIC_TO_LETTERS[currencyCode] ?? '',
          accountingInitialPrice: sale.amount,
          accountingCurrencyCode: '840',
          accountingCurrency: 'USD',
          subscriptionInitialPrice: sale.amount,
          subscriptionCurrencyCode: currencyCode,
          paymentType: 'CREDIT',
          cardType: 'VISA',
          dynamicPricingValidationDigest: md5(`${subscriptionId}1${options.salt}`),
          ...passthrough,
        },
        payOptions.from,
      );
      return { subscriptionId, answer };
    },
    async decline(paymentUrl) {
      const { q, passthrough } = readLink(paymentUrl);
      const denialId = id(19);
      return post('NewSaleFailure', {
        transactionId: denialId,
        clientAccnum: options.clientAccnum,
        clientSubacc: options.clientSubacc,
        timestamp: stamp(Date.now()),
        billedInitialPrice: q.get('initialPrice') ?? '',
        billedCurrencyCode: q.get('currencyCode') ?? '',
        failureReason: 'Transaction Declined',
        failureCode: 'BE-140',
        dynamicPricingValidationDigest: md5(`${denialId}0${options.salt}`),
        ...passthrough,
      });
    },
    async reverse(type, subscriptionId, reverseOptions = {}) {
      const sale = transactions.find((t) => t.type === 'NEW' && t.subscriptionId === subscriptionId);
      if (!sale) throw new Error(`no sale ${subscriptionId}`);
      const reversal: StandInTransaction = {
        type,
        subscriptionId,
        transactionId: id(19),
        at: Date.now(),
        amount: sale.amount,
      };
      transactions.push(reversal);
      const eventType = { REFUND: 'Refund', CHARGEBACK: 'Chargeback', VOID: 'Void' }[type];
      return post(
        eventType,
        {
          transactionId: reversal.transactionId,
          subscriptionId,
          clientAccnum: options.clientAccnum,
          clientSubacc: options.clientSubacc,
          timestamp: stamp(reversal.at),
          amount: reversal.amount,
          currency: 'USD',
          currencyCode: '840',
          accountingAmount: reversal.amount,
          accountingCurrency: 'USD',
          accountingCurrencyCode: '840',
          reason: type === 'CHARGEBACK' ? 'Fraudulent transaction' : 'Customer Refunded',
        },
        reverseOptions.from,
      );
    },
    post,
    forget(subscriptionId) {
      for (let i = transactions.length - 1; i >= 0; i -= 1)
        if (transactions[i]!.subscriptionId === subscriptionId) transactions.splice(i, 1);
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
  return standIn;
}

function ccbillTime(utcMs: number): string {
  return new Date(utcMs + OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

function fromCcbillTime(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  return m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) - OFFSET_MS : null;
}
