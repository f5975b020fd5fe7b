import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { flexpayNotice, LOCAL_SHOP_ID } from '@nocturne/infra/local-processor';
import { startOneProcess } from './likes-over-http';
import { cpuMsOfTree } from './process-tree';

/** The issue's targets for the notices figure. */
export const NOTICE_TARGETS = { perSecond: 200, p99Ms: 100, visibleMs: 1_000 } as const;

export interface NoticesResult {
  askedPerSecond: number;
  /** Notices answered "OK" in the measured seconds, per second of the run (first send to last answer). */
  achievedPerSecond: number;
  notices: number;
  p50Ms: number;
  p99Ms: number;
  /** From the notice sent to the reader's read-your-writes query answering with the grant. */
  visibleP50Ms: number;
  visibleP99Ms: number;
  visibleMaxMs: number;
  /** Notices sent later than their schedule by more than 10 ms (the client fell behind). */
  sentLate: number;
  /**
   * The product's CPU time (its process tree; PostgreSQL's not included) per measured notice,
   * its reader's two reads included: what a notice costs whatever else the machine runs.
   */
  productCpuMsPerNotice: number;
}

/** One answer: its status, its body as text. */
interface Answer {
  status: number;
  body: string;
}

function get(url: string, agent: Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${new URL(url).pathname} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A client address of its own for each set-up request: the account and purchase limits are per address. */
const addressOf = (n: number) => ({ 'X-Forwarded-For': `10.${60 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` });

/** A verified reader with a session: signup, verification (the exposed token), login. */
async function reader(base: string, n: number): Promise<string> {
  const email = `notices-bench-${n}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'notices-bench-password';
  const from = addressOf(n);
  const signup = await postJson(`${base}/api/auth/signup`, { email, password, age_confirmed: true }, from);
  await postJson(`${base}/api/auth/verify-email`, { token: signup.verification_token }, from);
  return String((await postJson(`${base}/api/auth/login`, { email, password }, from)).token);
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Processor notices over HTTP against the product as `npm start` runs it (one process, its own
 * database), configured for Verotel FlexPay: sale notices in FlexPay's wire format and signature
 * (made by the local processor's own `flexpayNotice`), each for a purchase a reader started,
 * sent as GET postbacks paced at `rate` a second (open loop: on schedule, whatever the answers),
 * a warm-up first. For each notice answered "OK", its reader does what the return page does:
 * asks the purchase (GET /api/payments/purchases/{id}, which names the grant's position), then
 * reads its account after that position (GET /api/auth/me with X-Min-Position); the grant is
 * visible when that answers 200. Every notice must be answered "OK" and every grant seen.
 */
export async function benchNotices(
  postgresUrl: string,
  log: (line: string) => void,
  options: { rate?: number; seconds?: number; warmUpSeconds?: number; readers?: number } = {},
): Promise<NoticesResult> {
  const rate = options.rate ?? NOTICE_TARGETS.perSecond;
  const seconds = options.seconds ?? 10;
  const warmUpSeconds = options.warmUpSeconds ?? 2;
  const readerCount = options.readers ?? 40;
  const signatureKey = randomBytes(24).toString('base64url');
  const system = await startOneProcess(postgresUrl, 0, undefined, {
    PAYMENT_PROVIDER: 'verotel',
    VEROTEL_SHOP_ID: LOCAL_SHOP_ID,
    VEROTEL_SIGNATURE_KEY: signatureKey,
    EXPOSE_VERIFICATION_TOKEN: 'true',
    TRUST_PROXY: 'loopback',
    AGE_WALLET: 'off',
    DIGEST_TIME: 'off',
  });
  const noticeAgent = new Agent({ keepAlive: true, maxSockets: 64 });
  const readerAgent = new Agent({ keepAlive: true, maxSockets: 32 });
  try {
    const base = system.baseUrl;
    const total = rate * (warmUpSeconds + seconds);
    const tokens = await inBatches(
      Array.from({ length: readerCount }, (_, n) => n),
      4,
      (n) => reader(base, n),
    );
    const purchases = await inBatches(
      Array.from({ length: total }, (_, n) => n),
      16,
      async (n) => {
        const token = tokens[n % tokens.length]!;
        const started = await postJson(
          `${base}/api/payments/purchases`,
          {},
          { Authorization: `Bearer ${token}`, ...addressOf(1_000 + n) },
        );
        return { token, purchaseId: String(started.purchase_id) };
      },
    );
    log(
      `${readerCount} readers started ${total.toLocaleString('en')} purchases; notices at ${rate}/s follow`,
    );

    const measuredFrom = rate * warmUpSeconds;
    const latencies: number[] = [];
    const visible: number[] = [];
    const failures = new Map<string, number>();
    const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
    let sentLate = 0;
    let firstMeasuredSend = Number.NaN;
    let cpuAtFirstMeasured = 0;
    let lastMeasuredAnswer = 0;

    /** The reader's return page: the purchase, then the account read after the grant. */
    async function seeGrant(token: string, purchaseId: string): Promise<boolean> {
      const auth = { Authorization: `Bearer ${token}` };
      const status = await get(`${base}/api/payments/purchases/${purchaseId}`, readerAgent, auth);
      const position = (JSON.parse(status.body) as { granted_position?: number | null }).granted_position;
      if (status.status !== 200 || !position) return false;
      const me = await get(`${base}/api/auth/me`, readerAgent, {
        ...auth,
        'X-Min-Position': String(position),
      });
      return me.status === 200;
    }

    async function send(n: number): Promise<void> {
      const { token, purchaseId } = purchases[n]!;
      const notice = flexpayNotice(LOCAL_SHOP_ID, signatureKey, {
        kind: 'sale',
        saleId: String(300_000 + n),
        transactionId: String(700_000 + n),
        reference: purchaseId,
        amount: '15.00',
        currency: 'USD',
      });
      const sentAt = performance.now();
      const answer = await get(
        `${base}/api/payments/notices?${new URLSearchParams(notice)}`,
        noticeAgent,
      ).catch((error: unknown) => ({
        status: 0,
        body: error instanceof Error ? error.message : 'no answer',
      }));
      const answeredAt = performance.now();
      if (answer.status !== 200 || answer.body !== 'OK') return void fail(`notice answered ${answer.status}`);
      const measured = n >= measuredFrom;
      if (measured) {
        latencies.push(answeredAt - sentAt);
        lastMeasuredAnswer = Math.max(lastMeasuredAnswer, answeredAt);
      }
      for (let tries = 0; tries < 100; tries++) {
        if (await seeGrant(token, purchaseId).catch(() => false)) {
          if (measured) visible.push(performance.now() - sentAt);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      fail('grant not visible within 5 s');
    }

    // Open loop: each notice at its own time from the start, whatever the answers so far.
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() - due > 10) sentLate += 1;
      if (n === measuredFrom) {
        firstMeasuredSend = performance.now();
        cpuAtFirstMeasured = cpuMsOfTree(system.pid);
      }
      inFlight.push(send(n));
    }
    await Promise.all(inFlight);
    const productCpuMs = cpuMsOfTree(system.pid) - cpuAtFirstMeasured;
    if (failures.size > 0)
      throw new Error(`notices: ${[...failures].map(([what, count]) => `${count} × ${what}`).join(', ')}`);

    latencies.sort((a, b) => a - b);
    visible.sort((a, b) => a - b);
    const notices = latencies.length;
    const result: NoticesResult = {
      askedPerSecond: rate,
      achievedPerSecond: notices / ((lastMeasuredAnswer - firstMeasuredSend) / 1000),
      notices,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      visibleP50Ms: percentile(visible, 50),
      visibleP99Ms: percentile(visible, 99),
      visibleMaxMs: visible.at(-1) ?? Number.NaN,
      sentLate,
      productCpuMsPerNotice: productCpuMs / Math.max(1, latencies.length),
    };
    log(
      `notices (${notices.toLocaleString('en')} measured after ${warmUpSeconds} s of warm-up): ${result.achievedPerSecond.toFixed(0)}/s, ` +
        `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms; grant visible p50 ${result.visibleP50Ms.toFixed(0)} ms, ` +
        `p99 ${result.visibleP99Ms.toFixed(0)} ms, max ${result.visibleMaxMs.toFixed(0)} ms; ${sentLate} sent late; ` +
        `the product's CPU ${result.productCpuMsPerNotice.toFixed(2)} ms per notice`,
    );
    return result;
  } finally {
    noticeAgent.destroy();
    readerAgent.destroy();
    await system.stop();
  }
}
