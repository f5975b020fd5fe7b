import { performance } from 'node:perf_hooks';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { insertHistory } from '@nocturne/projector/runner/testing/insert-history';
import { mixedHistory } from '@nocturne/projector/runner/testing/mixed-history';
import { PostgresPiiVault } from '@nocturne/vault';
import pg from 'pg';
import { withBenchDatabase } from './bench-database';

export interface BrowseLatency {
  name: string;
  p50Ms: number;
  p99Ms: number;
}

export interface EventBrowserResult {
  events: number;
  runs: BrowseLatency[];
  /** Every query of every kind together. */
  overall: BrowseLatency;
}

const RUNS = 200;
const PAGE = 50;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const latency = (name: string, times: number[]): BrowseLatency => {
  const sorted = [...times].sort((a, b) => a - b);
  return { name, p50Ms: +percentile(sorted, 50).toFixed(2), p99Ms: +percentile(sorted, 99).toFixed(2) };
};

/**
 * The auditor's event browser on the bench's log: the realistic history of the catch-up bench
 * (`eventCount` events, bulk-inserted), then each kind of page the console asks for, `RUNS`
 * times at random places of the log, timed one after another as one auditor clicks.
 */
export async function benchEventBrowser(
  adminUrl: string,
  log: (line: string) => void,
  eventCount = 1_000_000,
): Promise<EventBrowserResult> {
  return withBenchDatabase(adminUrl, 'browser', async (databaseUrl) => {
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    const vault = await PostgresPiiVault.connect(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const started = performance.now();
      const history = await mixedHistory(vault, eventCount, 7);
      const head = await insertHistory(databaseUrl, history);
      await client.query('analyze es_events; analyze es_streams');
      log(
        `browser: seeded ${head.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const { rows: streamRows } = await client.query<{ stream_name: string }>(
        "select stream_name from es_streams where stream_name like 'user-%' order by random() limit 200",
      );
      const userStreams = streamRows.map((r) => r.stream_name);
      const { rows: span } = await client.query<{ first: Date; last: Date }>(
        'select min(recorded_at) as first, max(recorded_at) as last from es_events',
      );
      const first = span[0]!.first.getTime();
      const last = span[0]!.last.getTime();
      const browser = store.logBrowser();
      const anywhere = () => 1 + Math.floor(Math.random() * head);
      const kinds: { name: string; run: () => Promise<unknown> }[] = [
        { name: 'the newest page of the log', run: () => browser.events({}, null, PAGE) },
        { name: 'a page anywhere in the log', run: () => browser.events({}, anywhere(), PAGE) },
        {
          name: 'one rare type, anywhere',
          run: () => browser.events({ types: ['PremiumGranted'] }, anywhere(), PAGE),
        },
        {
          name: 'two types, anywhere',
          run: () =>
            browser.events({ types: ['UserRegistered', 'PaymentConfirmationSubmitted'] }, anywhere(), PAGE),
        },
        {
          name: 'a time range, anywhere',
          run: () => {
            const from = first + Math.random() * (last - first);
            return browser.events(
              { from: new Date(from), to: new Date(from + (last - first) / 100) },
              null,
              PAGE,
            );
          },
        },
        {
          name: "a user stream's events",
          run: () =>
            browser.streamEvents(userStreams[Math.floor(Math.random() * userStreams.length)]!, null, PAGE),
        },
        {
          name: "a category's streams, anywhere",
          run: () =>
            browser.streams('user', userStreams[Math.floor(Math.random() * userStreams.length)]!, PAGE),
        },
        { name: 'one event', run: () => browser.event(anywhere()) },
        { name: 'a correlation id', run: () => browser.correlated(`request-${Math.random()}`, 200) },
      ];
      const all: number[] = [];
      const runs: BrowseLatency[] = [];
      for (const kind of kinds) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await kind.run();
          times.push(performance.now() - t);
        }
        all.push(...times);
        runs.push(latency(kind.name, times));
        log(`browser: ${kind.name}: p99 ${runs.at(-1)!.p99Ms} ms`);
      }
      return { events: head, runs, overall: latency('every page', all) };
    } finally {
      await client.end();
      await vault.close();
      await store.close();
    }
  });
}
