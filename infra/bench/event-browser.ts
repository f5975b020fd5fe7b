import autocannon from 'autocannon';
import pg from 'pg';
import { adminToken } from '../e2e/fixtures/api';
import { withBenchLog } from './bench-log';
import { runNpmStart } from './web/product';

export interface RouteLatency {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface EventBrowserResult {
  events: number;
  connections: number;
  routes: RouteLatency[];
}

const CONNECTIONS = 4;
const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 5);
const PAGE = 50;

/**
 * The auditor's event browser over HTTP on a log of `eventCount` events of the realistic mix
 * (bench-log.ts; BENCH_KEEP_LOG=1 reuses one): the product started as `npm start` on it, signed in
 * as the admin, then each route of the browser driven by autocannon at `CONNECTIONS` connections
 * (a few auditors at once) for `SECONDS` s, every request at a random place of the log.
 */
export async function benchEventBrowser(
  adminUrl: string,
  log: (line: string) => void,
  eventCount = 1_000_000,
): Promise<EventBrowserResult> {
  return withBenchLog(adminUrl, eventCount, log, async ({ databaseUrl, events }) => {
    const sample = await sampleLog(databaseUrl);
    const product = await runNpmStart({ DATABASE_URL: databaseUrl, NATS_URL: '', DEMO: '0' });
    try {
      await caughtUp(product.baseUrl, log);
      const headers = { 'x-admin-code': await adminToken(product.baseUrl, product.adminPassword) };
      const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
      const anywhere = () => 1 + Math.floor(Math.random() * events);
      const span = sample.last - sample.first;
      const routes: { name: string; path: () => string }[] = [
        { name: 'streams of a category', path: () => `/api/admin/audit/streams?category=user&limit=${PAGE}` },
        {
          name: 'streams of a category, a later page',
          path: () => `/api/admin/audit/streams?category=user&limit=${PAGE}&after=${pick(sample.users)}`,
        },
        {
          name: "a stream's events",
          path: () => `/api/admin/audit/streams/${pick(sample.users)}/events?limit=${PAGE}`,
        },
        { name: 'the log, newest page', path: () => `/api/admin/audit/events?limit=${PAGE}` },
        {
          name: 'the log, a page anywhere',
          path: () => `/api/admin/audit/events?limit=${PAGE}&before=${anywhere()}`,
        },
        {
          name: 'the log, one rare type',
          path: () => `/api/admin/audit/events?limit=${PAGE}&type=PremiumGranted&before=${anywhere()}`,
        },
        {
          name: 'the log, two types',
          path: () =>
            `/api/admin/audit/events?limit=${PAGE}&type=UserRegistered,PaymentConfirmationSubmitted&before=${anywhere()}`,
        },
        {
          name: 'the log, a time range',
          path: () => {
            const from = sample.first + Math.random() * span;
            const range = `from=${new Date(from).toISOString()}&to=${new Date(from + span / 100).toISOString()}`;
            return `/api/admin/audit/events?limit=${PAGE}&${range}`;
          },
        },
        {
          name: 'the log, a type in a time range',
          path: () => {
            const from = sample.first + Math.random() * span;
            const range = `from=${new Date(from).toISOString()}&to=${new Date(from + span / 10).toISOString()}`;
            return `/api/admin/audit/events?limit=${PAGE}&type=UserRegistered&${range}`;
          },
        },
        { name: 'one event', path: () => `/api/admin/audit/events/${anywhere()}` },
        {
          name: 'a correlation',
          path: () =>
            `/api/admin/audit/correlations/${sample.correlations.length > 0 ? pick(sample.correlations) : crypto.randomUUID()}`,
        },
      ];
      const measured: RouteLatency[] = [];
      for (const route of routes) {
        const result = await autocannon({
          url: product.baseUrl,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [
            { method: 'GET', headers, setupRequest: (request) => ({ ...request, path: route.path() }) },
          ],
        });
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${route.name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
        }
        measured.push({
          name: route.name,
          requestsPerSecond: result.requests.average,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
        });
        log(`browser, ${route.name}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
      }
      return { events, connections: CONNECTIONS, routes: measured };
    } finally {
      await product.stop();
    }
  });
}

/** What the requests pick from: user streams, correlation ids, and the log's time span. */
async function sampleLog(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: users } = await client.query<{ stream_name: string }>(
      "select stream_name from es_streams where stream_name like 'user-%' order by random() limit 500",
    );
    const { rows: correlated } = await client.query<{ id: string }>(
      `select metadata->>'correlationId' as id from es_events tablesample system (1)
       where metadata ? 'correlationId' limit 500`,
    );
    const { rows: span } = await client.query<{ first: Date; last: Date }>(
      'select (select recorded_at from es_events order by position limit 1) as first, (select recorded_at from es_events order by position desc limit 1) as last',
    );
    return {
      users: users.map((r) => encodeURIComponent(r.stream_name)),
      correlations: correlated.map((r) => encodeURIComponent(r.id)),
      first: span[0]!.first.getTime(),
      last: span[0]!.last.getTime(),
    };
  } finally {
    await client.end();
  }
}

/**
 * Waits until /readyz says every projection has caught up with the log: a first start on a
 * million events projects them all, and the bench measures the browser, not the catch-up.
 */
async function caughtUp(baseUrl: string, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${baseUrl}/readyz`).catch(() => null);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  log(`browser: the product caught up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
