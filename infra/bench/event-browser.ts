import type { EventLogBrowser } from '@nocturne/events/store';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { adminToken } from '@nocturne/test-kit/api-client';
import autocannon from 'autocannon';
import pg from 'pg';
import { withBenchLog } from './bench-log';
import { type StatementPlan, statementPlans } from './browser-plans';
import { cpuMsOfTree } from './process-tree';
import { latencyOf } from './scale/latency';
import { runNpmStart } from './web/product';

export interface RouteLatency {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * The server's own account of the same requests (its /metrics histogram of the route): the
   * mean from request to answer inside the process, and the share answered within 100 ms there.
   */
  server: { meanMs: number; within100Ms: number } | null;
  /**
   * CPU time of the product's processes per answer: what a route costs the server whatever
   * the machine's load, which only stretches it into latency.
   */
  serverCpuMsPerAnswer: number;
  /** The route's query alone, one at a time, through the store's browser (no HTTP, no vault). */
  query: { p50Ms: number; p99Ms: number } | null;
}

export interface BrowsedRoute extends RouteLatency {
  /** GET /healthz at the same concurrency right before the route: what any answer costs then. */
  floor: RouteLatency;
  /** The statements of one request's query, as PostgreSQL ran them (warm, after the runs). */
  plans: StatementPlan[];
}

export interface EventBrowserResult {
  events: number;
  connections: number;
  routes: BrowsedRoute[];
}

const CONNECTIONS = 4;
const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 5);
const FLOOR_SECONDS = 2;
const PAGE = 50;
const QUERY_RUNS = 200;

/**
 * The auditor's event browser over HTTP on a log of `eventCount` events of the realistic mix
 * (bench-log.ts; BENCH_KEEP_LOG=1 reuses one): the product started as `npm start` on it, signed in
 * as the admin, then each route of the browser driven by autocannon at `CONNECTIONS` connections
 * (a few auditors at once) for `SECONDS` s, every request at a random place of the log. Right
 * before each route, GET /healthz at the same concurrency: on a shared machine the floor moves
 * from minute to minute, and a route's p99 reads only beside the floor of its own minute.
 */
export async function benchEventBrowser(
  adminUrl: string,
  log: (line: string) => void,
  eventCount = 1_000_000,
): Promise<EventBrowserResult> {
  return withBenchLog(adminUrl, eventCount, log, async ({ databaseUrl, events }) => {
    const sample = await sampleLog(databaseUrl);
    const product = await runNpmStart({ DATABASE_URL: databaseUrl, NATS_URL: '', DEMO: '0' });
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    const explain = await statementPlans(databaseUrl);
    try {
      await caughtUp(product.baseUrl, log);
      const headers = { 'x-admin-code': await adminToken(product.baseUrl, product.adminPassword) };
      const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
      const anywhere = () => 1 + Math.floor(Math.random() * events);
      const span = sample.last - sample.first;
      type Browse = (browser: EventLogBrowser) => Promise<unknown>;
      const routes: { name: string; request: () => { path: string; query: Browse | null } }[] = [
        {
          name: 'streams of a category',
          request: () => ({
            path: `/api/admin/audit/streams?category=user&limit=${PAGE}`,
            query: (b) => b.streams('user', null, PAGE),
          }),
        },
        {
          name: 'streams of a category, a later page',
          request: () => {
            const after = pick(sample.users);
            return {
              path: `/api/admin/audit/streams?category=user&limit=${PAGE}&after=${encodeURIComponent(after)}`,
              query: (b) => b.streams('user', after, PAGE),
            };
          },
        },
        {
          name: "a stream's events",
          request: () => {
            const stream = pick(sample.users);
            return {
              path: `/api/admin/audit/streams/${encodeURIComponent(stream)}/events?limit=${PAGE}`,
              query: (b) => b.streamEvents(stream, null, PAGE),
            };
          },
        },
        {
          name: 'the log, newest page',
          request: () => ({
            path: `/api/admin/audit/events?limit=${PAGE}`,
            query: (b) => b.events({}, null, PAGE),
          }),
        },
        {
          name: 'the log, a page anywhere',
          request: () => {
            const before = anywhere();
            return {
              path: `/api/admin/audit/events?limit=${PAGE}&before=${before}`,
              query: (b) => b.events({}, before, PAGE),
            };
          },
        },
        typed('the log, one rare type', ['PremiumGranted']),
        typed('the log, two types', ['UserRegistered', 'PaymentConfirmationSubmitted']),
        timed('the log, a time range (1% of the log)', [], 0.01),
        timed('the log, a time range (10%)', [], 0.1),
        timed('the log, a type in a time range (10%)', ['UserRegistered'], 0.1),
        {
          name: 'one event',
          request: () => {
            const position = anywhere();
            return { path: `/api/admin/audit/events/${position}`, query: (b) => b.event(position) };
          },
        },
        {
          name: 'a correlation',
          request: () => {
            const id = sample.correlations.length > 0 ? pick(sample.correlations) : crypto.randomUUID();
            return {
              path: `/api/admin/audit/correlations/${encodeURIComponent(id)}`,
              query: (b) => b.correlated(id, 200),
            };
          },
        },
      ];
      function typed(name: string, types: string[]) {
        return {
          name,
          request: () => {
            const before = anywhere();
            return {
              path: `/api/admin/audit/events?limit=${PAGE}&type=${types.join(',')}&before=${before}`,
              query: (b: EventLogBrowser) => b.events({ types }, before, PAGE),
            };
          },
        };
      }
      /** A range of `share` of the log's time span, anywhere in it, newest page. */
      function timed(name: string, types: string[], share: number) {
        return {
          name,
          request: () => {
            const from = new Date(sample.first + Math.random() * span * (1 - share));
            const to = new Date(from.getTime() + span * share);
            const type = types.length > 0 ? `&type=${types.join(',')}` : '';
            return {
              path: `/api/admin/audit/events?limit=${PAGE}${type}&from=${from.toISOString()}&to=${to.toISOString()}`,
              query: (b: EventLogBrowser) => b.events({ types, from, to }, null, PAGE),
            };
          },
        };
      }
      const browser = store.logBrowser();
      const measured: BrowsedRoute[] = [];
      for (const route of routes) {
        const floor = await overHttp(product, {}, () => ({ path: '/healthz', query: null }), FLOOR_SECONDS);
        const result = await overHttp(product, headers, route.request);
        result.query = await queryAlone(browser, route.request);
        const plans = await explain.of(route.request().query!);
        measured.push({ ...result, name: route.name, floor: { ...floor, name: '/healthz' }, plans });
        log(
          `browser, ${route.name}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (/healthz p99 ${floor.p99Ms} ms); ` +
            `the server's mean ${result.server?.meanMs} ms; the query alone p99 ${result.query?.p99Ms} ms`,
        );
      }
      return { events, connections: CONNECTIONS, routes: measured };
    } finally {
      await explain.close();
      await store.close();
      await product.stop();
    }
  });
}

type Request = () => { path: string; query: ((browser: EventLogBrowser) => Promise<unknown>) | null };

/**
 * autocannon on one route for `seconds` at CONNECTIONS connections, a fresh request each time;
 * with the server's own timing of those requests, from its /metrics before and after.
 */
async function overHttp(
  { baseUrl, pid }: { baseUrl: string; pid: number },
  headers: Record<string, string>,
  request: Request,
  seconds = SECONDS,
): Promise<Omit<RouteLatency, 'name'>> {
  const before = await serverTimings(baseUrl);
  const cpuBefore = cpuMsOfTree(pid);
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', headers, setupRequest: (r) => ({ ...r, path: request().path }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${request().path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  const cpuMs = cpuMsOfTree(pid) - cpuBefore;
  const after = await serverTimings(baseUrl);
  const grown = (key: string) => (after.get(key)?.count ?? 0) - (before.get(key)?.count ?? 0);
  // The route driven: the one answered most (the /metrics reads themselves are answered too).
  const route = [...after.keys()].reduce<string | undefined>(
    (most, key) => (most === undefined || grown(key) > grown(most) ? key : most),
    undefined,
  );
  const timing = route ? after.get(route) : undefined;
  const count = route ? grown(route) : 0;
  const server =
    timing && count > 0
      ? {
          meanMs: +((1000 * (timing.sum - (before.get(route!)?.sum ?? 0))) / count).toFixed(1),
          within100Ms: +((timing.within100Ms - (before.get(route!)?.within100Ms ?? 0)) / count).toFixed(3),
        }
      : null;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    server,
    serverCpuMsPerAnswer: +(cpuMs / Math.max(1, result.requests.total)).toFixed(2),
    query: null,
  };
}

/**
 * The server's histogram of answers by route (http_request_duration_seconds of its loopback-only
 * /metrics), 200s of GET only: per route, how many, their total seconds and how many within 100 ms.
 */
async function serverTimings(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const timings = new Map<string, { count: number; sum: number; within100Ms: number }>();
  const series = /^http_request_duration_seconds_(count|sum|bucket)\{([^}]*)\} (\S+)$/gm;
  for (const [, kind, labels, value] of text.matchAll(series)) {
    if (!labels!.includes('method="GET"') || !labels!.includes('status_code="200"')) continue;
    const route = /route="([^"]*)"/.exec(labels!)?.[1] ?? '';
    const timing = timings.get(route) ?? { count: 0, sum: 0, within100Ms: 0 };
    if (kind === 'count') timing.count = Number(value);
    else if (kind === 'sum') timing.sum = Number(value);
    else if (labels!.includes('le="0.1"')) timing.within100Ms = Number(value);
    timings.set(route, timing);
  }
  return timings;
}

/** The route's query through the store's browser, QUERY_RUNS times one after another. */
async function queryAlone(browser: EventLogBrowser, request: Request): Promise<RouteLatency['query']> {
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i++) {
    const { query } = request();
    if (!query) return null;
    const started = performance.now();
    await query(browser);
    times.push(performance.now() - started);
  }
  const { p50Ms, p99Ms } = latencyOf(times);
  return { p50Ms: +p50Ms.toFixed(1), p99Ms: +p99Ms.toFixed(1) };
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
      users: users.map((r) => r.stream_name),
      correlations: correlated.map((r) => r.id),
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
