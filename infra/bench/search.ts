import { performance } from 'node:perf_hooks';
import { type EventOf, streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { startTestSystem, type TestSystem } from '@nocturne/infra/system/test-system';
import { rankedMatches, type SearchScope } from '@nocturne/query-api';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { COMMON_WORD, RARE_WORD, storyTexts } from './story-texts';

const STORIES = Number(process.env.BENCH_SEARCH_STORIES ?? 10_000);
/** A word no generated text holds, put in the fourth slide of one story. */
const FOURTH_SLIDE_WORD = 'lighthouse';
const SEQUENTIAL_PER_QUERY = 200;
const CONNECTIONS = 10;
const SECONDS = 10;

/** The mix a visitor types: what each query is, and its words. */
export const SEARCH_MIX = [
  { name: 'common word', q: COMMON_WORD },
  { name: 'rare word', q: RARE_WORD },
  { name: 'two words', q: 'silver lantern' },
  { name: 'a word of a fourth slide', q: FOURTH_SLIDE_WORD },
  { name: 'no match', q: 'xylophone' },
] as const;

export interface Latency {
  p50Ms: number;
  p99Ms: number;
}

export interface SearchLatency {
  name: string;
  /** How many stories match (the answer holds at most the default limit of them). */
  matches: number;
  /** Every request distinct: the database ranks the matches each time. */
  uncached: Latency;
  /** The same words again: query-api's kept answer (until the read model moves). */
  cached: Latency;
}

export interface Throughput extends Latency {
  requestsPerSecond: number;
}

export interface SearchBenchResult {
  stories: number;
  connections: number;
  sequential: SearchLatency[];
  /** GET /api/auth/me, the same session lookup and nothing else: what the machine allows now. */
  baseline: Throughput;
  concurrentUncached: Throughput;
  concurrentCached: Throughput;
  /**
   * Per query of the mix: the index scans that find the matches, one per match of a member's search
   * (EXPLAIN ANALYZE): the GIN index, or the stories newest first by position.
   */
  plans: { name: string; scan: string; executionMs: number }[];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function fill(system: TestSystem, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const BATCH = 50;
  for (let from = 0; from < STORIES; from += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, STORIES - from) }, async (_, offset) => {
        const n = from + offset;
        const event: EventOf<'StoryPublished'> = storyPublished({ isPremium: n % 3 === 0 });
        const image = event.data.slides[0]!.image;
        const { texts, tags } = storyTexts(n + 1);
        if (n === Math.floor(STORIES / 2)) texts[3] = `Far out, the ${FOURTH_SLIDE_WORD} kept its lamp.`;
        event.data.slides = texts.map((text) => ({ image, text }));
        event.data.tags = tags;
        await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
      }),
    );
  }
  // The live projector catches the stories up in large batches, which on a busy machine take
  // longer than a second runner's statement may wait for the checkpoints' lock: settle once it
  // has reached the head.
  const head = await system.infra.store.headPosition();
  while ((await system.projector.position()) < head) await new Promise((resolve) => setTimeout(resolve, 250));
  await system.settle();
  await sql`analyze story_search`.execute(system.infra.db);
  log(`${STORIES} stories published and projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A member's session: signup, verification, login, as a person does. */
async function memberToken(baseUrl: string): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as Record<string, string>;
  };
  const email = `bench-searcher-${Date.now()}@example.com`;
  const password = 'bench-secret-1';
  const signup = await post('/api/auth/signup', { email, password, age_confirmed: true });
  await post('/api/auth/verify-email', { token: signup.verification_token });
  return (await post('/api/auth/login', { email, password })).token!;
}

const pathOf = (q: string) => `/api/search?${new URLSearchParams({ q })}`;

/** The bench searches as a member who unlocked nothing: premium stories match on their cards. */
const MEMBER: SearchScope = { kind: 'readable', premium: [] };

/**
 * The index scans of the route's own query that find the matches, and its execution time (EXPLAIN
 * ANALYZE).
 */
async function planOf(system: TestSystem, q: string): Promise<{ scan: string; executionMs: number }> {
  const rows = await rankedMatches(system.infra.db, { words: q, limit: 20 }, MEMBER).explain(
    undefined,
    sql`analyze`,
  );
  const lines = rows.map((row) => String(row['QUERY PLAN']));
  const scans = lines
    .filter((line) => /Index Scan .*story_search/.test(line))
    .map((line) => line.replace(/^[\s>-]*/, '').replace(/\s+\(cost.*$/, ''));
  const execution = lines.find((line) => line.startsWith('Execution Time'));
  return {
    scan: scans.join(' + ') || '?',
    executionMs: Number(execution?.match(/[\d.]+/)?.[0] ?? Number.NaN),
  };
}

/**
 * Punctuation websearch_to_tsquery reads as a mere separator (no "-", quotes or "or", which mean
 * something to it). No ".": its parser reads ".." as a word, and a query that also asks for ".."
 * matches nothing.
 */
const SEPARATORS = ',;:!?';

/**
 * The query as typed, or (uncached) made distinct by a tail of separators that spells `n`: the
 * same tsquery, so the same matches and the same ranking work for the database, but a key
 * query-api has not kept an answer for. (Excluding a word no story holds would change the
 * tsquery: ts_rank_cd would then weigh the exclusion too, and rank a common word much more
 * slowly than the real query.)
 */
export function variant(q: string, n: number | null): string {
  if (n === null) return q;
  let tail = '';
  for (let rest = n; ; rest = Math.floor(rest / SEPARATORS.length)) {
    tail += SEPARATORS[rest % SEPARATORS.length];
    if (rest < SEPARATORS.length) return `${q} ${tail}`;
  }
}

async function sequentialLatency(url: (n: number) => string, headers: Record<string, string>) {
  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL_PER_QUERY; i++) {
    const started = performance.now();
    const response = await fetch(url(i), { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url(i)}: status ${response.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

async function concurrentRun(
  baseUrl: string,
  requests: Parameters<typeof autocannon>[0]['requests'] & object,
) {
  await autocannon({ url: baseUrl, connections: CONNECTIONS, duration: 2, requests });
  const run = await autocannon({ url: baseUrl, connections: CONNECTIONS, duration: SECONDS, requests });
  if (run.non2xx || run.errors)
    throw new Error(`search under load: ${run.non2xx} non-2xx, ${run.errors} errors`);
  return { requestsPerSecond: run.requests.average, p50Ms: run.latency.p50, p99Ms: run.latency.p99 };
}

/**
 * An account may search 30 times a minute; the bench searches thousands of times as one member.
 * Each search is still counted in the limiter (its cost stays in the figures), under a key of its
 * own, so the member never reaches the limit.
 */
function countSearchesApart(system: TestSystem): void {
  const limiter = system.infra.security.limiter;
  const hit = limiter.hit.bind(limiter);
  let searches = 0;
  limiter.hit = (key, windowMs) => hit(key.startsWith('search:') ? `${key}:${searches++}` : key, windowMs);
}

/**
 * "Find a story": GET /api/search over 10,000 stories of generated English (Zipf
 * vocabulary, 3 to 8 slides, 0 to 4 tags), as a logged-in member, on the one-process server.
 * Each query of the mix 200 times one after the other, uncached (every request distinct) and
 * cached (the same words again), p50/p99 each; then the mix over 10 connections for 10 s
 * (autocannon), uncached and cached; and each query's plan (EXPLAIN ANALYZE).
 */
export async function benchSearch(
  postgresUrl: string,
  log: (line: string) => void,
): Promise<SearchBenchResult> {
  process.env.TEST_DATABASE_URL = postgresUrl;
  const system = await startTestSystem();
  try {
    await fill(system, log);
    countSearchesApart(system);
    const headers = { Authorization: `Bearer ${await memberToken(system.baseUrl)}` };

    const plans: SearchBenchResult['plans'] = [];
    const sequential: SearchLatency[] = [];
    for (const query of SEARCH_MIX) {
      const matches = Number(
        (
          await sql<{ n: string }>`select count(*) as n from story_search
            where document @@ websearch_to_tsquery('english'::regconfig, ${query.q})`.execute(system.infra.db)
        ).rows[0]?.n,
      );
      const uncached = await sequentialLatency(
        (n) => `${system.baseUrl}${pathOf(variant(query.q, n))}`,
        headers,
      );
      const cached = await sequentialLatency(() => `${system.baseUrl}${pathOf(query.q)}`, headers);
      sequential.push({ name: query.name, matches, uncached, cached });
      const plan = await planOf(system, query.q);
      plans.push({ name: query.name, ...plan });
      log(
        `${query.name.padEnd(26)} ${String(matches).padStart(5)} matches: uncached p50 ${uncached.p50Ms.toFixed(1)} ms, ` +
          `p99 ${uncached.p99Ms.toFixed(1)} ms; cached p99 ${cached.p99Ms.toFixed(1)} ms; plan: ${plan.scan}, ${plan.executionMs} ms`,
      );
    }

    const request = (q: string) => ({ method: 'GET', path: pathOf(q), headers });
    // A fresh variant on every send: no two requests share a key, so every one is a miss.
    let sent = 0;
    const distinct = {
      ...request(COMMON_WORD),
      setupRequest: (r: object) => {
        sent += 1;
        return { ...r, path: pathOf(variant(SEARCH_MIX[sent % SEARCH_MIX.length]!.q, sent)) };
      },
    };
    // The floor on this machine now: the cheapest read with the same session lookup.
    const baseline = await concurrentRun(system.baseUrl, [{ method: 'GET', path: '/api/auth/me', headers }]);
    const concurrentUncached = await concurrentRun(system.baseUrl, [distinct]);
    const concurrentCached = await concurrentRun(
      system.baseUrl,
      SEARCH_MIX.map((query) => request(query.q)),
    );
    log(
      `the mix over ${CONNECTIONS} connections: uncached ${Math.round(concurrentUncached.requestsPerSecond)} req/s, ` +
        `p99 ${concurrentUncached.p99Ms} ms; cached ${Math.round(concurrentCached.requestsPerSecond)} req/s, p99 ${concurrentCached.p99Ms} ms`,
    );
    return {
      stories: STORIES,
      connections: CONNECTIONS,
      sequential,
      baseline,
      concurrentUncached,
      concurrentCached,
      plans,
    };
  } finally {
    await system.stop();
  }
}
