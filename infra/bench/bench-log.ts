import { performance } from 'node:perf_hooks';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { insertHistory } from '@nocturne/projector/runner/testing/insert-history';
import { mixedHistory } from '@nocturne/projector/runner/testing/mixed-history';
import { PostgresPiiVault } from '@nocturne/vault';
import pg from 'pg';
import { withBenchDatabase } from './bench-database';

export interface BenchLog {
  databaseUrl: string;
  /** The log's head: how many events it holds. */
  events: number;
  /** How long es_chain_unchained took to chain the seeded log; null when a kept log was reused. */
  chainSeconds: number | null;
}

/**
 * A chained log of `eventCount` events of the catch-up bench's realistic mix: seeded by bulk
 * INSERT, then chained by the store's own migration (es_chain_unchained), so every row holds the
 * hash an append would have given it. Built in a database of its own and dropped afterwards;
 * with BENCH_KEEP_LOG=1 the database is named by its size, kept, and reused by the next run that
 * asks for the same size (the suites that only read it: verify-log, browser), since building a
 * million events takes minutes.
 */
export async function withBenchLog<T>(
  adminUrl: string,
  eventCount: number,
  log: (line: string) => void,
  work: (benchLog: BenchLog) => Promise<T>,
): Promise<T> {
  if (process.env.BENCH_KEEP_LOG !== '1') {
    return withBenchDatabase(adminUrl, 'log', async (databaseUrl) =>
      work(await buildLog(databaseUrl, eventCount, log)),
    );
  }
  const name = `nt_bench_kept_log_${eventCount}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let kept: BenchLog | null = null;
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) kept = await keptLog(databaseUrl, eventCount);
    if (!kept) {
      await admin.query(`drop database if exists "${name}"`);
      await admin.query(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
  if (kept) {
    log(`reusing the kept log ${name} (${kept.events.toLocaleString('en')} events)`);
    return work(kept);
  }
  const built = await buildLog(databaseUrl, eventCount, log);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Written last: a build cut short leaves no mark, and the next run builds again.
    await client.query('create table bench_log_built (events bigint not null)');
    await client.query('insert into bench_log_built values ($1)', [built.events]);
  } finally {
    await client.end();
  }
  log(`kept the log as ${name} (drop it when done: dropdb ${name})`);
  return work(built);
}

async function keptLog(databaseUrl: string, eventCount: number): Promise<BenchLog | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ events: string; head: string | null }>(
      `select (select events from bench_log_built) as events, (select max(position) from es_events) as head`,
    );
    const events = Number(rows[0]?.head ?? 0);
    return Number(rows[0]?.events) === events && events >= eventCount
      ? { databaseUrl, events, chainSeconds: null }
      : null;
  } catch {
    return null; // not built to the end
  } finally {
    await client.end();
  }
}

async function buildLog(
  databaseUrl: string,
  eventCount: number,
  log: (line: string) => void,
): Promise<BenchLog> {
  const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
  await store.close();
  const vault = await PostgresPiiVault.connect(databaseUrl);
  let head: number;
  try {
    const started = performance.now();
    head = await insertHistory(databaseUrl, await mixedHistory(vault, eventCount, 7));
    log(
      `seeded ${head.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await vault.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('select es_chain_unchained()');
    await client.query('vacuum analyze es_events');
    await client.query('analyze es_streams');
  } finally {
    await client.end();
  }
  const chainSeconds = (performance.now() - started) / 1000;
  log(`the migration chained ${head.toLocaleString('en')} events in ${chainSeconds.toFixed(1)} s`);
  return { databaseUrl, events: head, chainSeconds };
}
