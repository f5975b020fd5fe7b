import { Agent } from 'node:http';
import { streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { openEventStore } from '@nocturne/events/store/open';
import { createTestDatabase, storyPublished } from '@nocturne/events/testing';
import autocannon, { type Result } from 'autocannon';
import { getJson } from './http-get';
import { appendSeed } from './seed-stories';
import { runNpmStart } from './web/product';

/** The product started as `npm start` starts it, on a fresh database, holding `ids` free stories. */
export interface OneProcess {
  baseUrl: string;
  /** The bootstrap process's id (the server runs as its child): its tree's CPU time is the product's. */
  pid: number;
  ids: string[];
  /** The product's event store, opened beside it: what is stored, counted without HTTP. */
  store: EventStore;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it by default, in a process of its own (bootstrap, launcher,
 * one server: command API, query API, projector and reactors; PostgreSQL LISTEN/NOTIFY for the
 * wake-ups, no NATS), so the load generator never shares the server's event loop.
 */
export async function startOneProcess(
  postgresUrl: string,
  stories: number,
  /** The checkout to run (this one by default; an earlier commit's to compare with). */
  root?: string,
  /** More environment for the product (the chain bench's EVENT_HASH_CHAIN). */
  env: Record<string, string> = {},
): Promise<OneProcess> {
  process.env.TEST_DATABASE_URL = postgresUrl;
  const database = await createTestDatabase('bench_likes');
  const product = await runNpmStart(
    { DATABASE_URL: database.url, NATS_URL: '', DEMO: '0', ...env },
    root,
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const store = await openEventStore({ databaseUrl: database.url });
  const stop = async () => {
    await store.close();
    await product.stop();
    await database.drop();
  };
  try {
    const ids: string[] = [];
    for (let i = 0; i < stories; i++) {
      const event = storyPublished({ isPremium: false });
      await appendSeed(store, streams.story(event.data.storyId), [event], 'no_stream');
      ids.push(event.data.storyId);
    }
    await until(async () => (await getJson<unknown[]>(`${product.baseUrl}/api/stories`)).length === stories);
    return { baseUrl: product.baseUrl, pid: product.pid, ids, store, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Polls `done` every 50 ms until it holds; fails after 30 s. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await done()); ) {
    if (Date.now() > deadline) throw new Error('the product did not catch up within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The likes the read model shows over the given stories, summed. */
export async function likesShown(
  baseUrl: string,
  ids: readonly string[],
  agent: Agent | false = false,
): Promise<number> {
  const rows = await getJson<{ id: string; likes: number }[]>(`${baseUrl}/api/stories`, agent);
  const wanted = new Set(ids);
  return rows.filter((s) => wanted.has(s.id)).reduce((sum, s) => sum + s.likes, 0);
}

export interface LikesResult {
  likesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** 2xx answers autocannon received. */
  acknowledged: number;
  /** Like events in the store: the acknowledged ones and those answered after autocannon hung up. */
  stored: number;
  /** What the read model showed once the projector had caught up: must equal `stored`. */
  shown: number;
  /** Longest time an acknowledged like was not yet visible to a reader, sampled during the load. */
  maxBehindMs: number;
}

/** Like events in the store's like streams of the given stories. */
async function likesStored(store: EventStore, ids: readonly string[]): Promise<number> {
  let total = 0;
  for (const id of ids) total += (await store.readStream(streams.storyLikes(id))).length;
  return total;
}

/**
 * The likes stored once the server has stored the last of those in flight (autocannon hangs up
 * with up to one per connection unanswered; the server still stores and answers them), after the
 * projector has shown them (or 30 s: the caller compares what it shows).
 */
async function settled(system: Omit<OneProcess, 'stop' | 'pid'>, ids: readonly string[]): Promise<number> {
  let stored = await likesStored(system.store, ids);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await likesStored(system.store, ids);
    if (again === stored) break;
    stored = again;
  }
  await until(async () => (await likesShown(system.baseUrl, ids)) === stored).catch(() => {});
  return stored;
}

/** Seconds of the same load before the measured run. */
const WARM_UP_SECONDS = 3;

/**
 * Pause between the reader's polls of the story list. The reader only watches: 20 polls a second
 * measure "how far behind" to within 50 ms, against a limit of one second. Polled much more often
 * (each poll a fresh list read, since every batch of likes changes it), the reader takes a
 * noticeable share of the machine from the likes it measures (docs/performance.md, "Likes").
 */
const POLL_PAUSE_MS = 50;

/**
 * Like commands over HTTP: autocannon, 64 connections for 10 s (after a warm-up of 3 s), each
 * connection cycling over 16 stories, against the one-process server. Meanwhile a reader polls
 * the story list (without X-Min-Position, every POLL_PAUSE_MS) and records how long the oldest
 * acknowledged like it does not see yet has been waiting. At the end the likes the read model
 * shows must equal the likes stored, and those the likes acknowledged (plus the requests in
 * flight when autocannon stopped).
 */
export async function benchLikes(
  postgresUrl: string,
  log: (line: string) => void,
  options: {
    connections?: number;
    seconds?: number;
    stories?: number;
    root?: string;
    env?: Record<string, string>;
  } = {},
): Promise<LikesResult> {
  const system = await startOneProcess(postgresUrl, options.stories ?? 16, options.root, options.env);
  try {
    return await measureLikes(system, log, options);
  } finally {
    await system.stop();
  }
}

/** The likes load and its checks against a product already running (`system.ids`: free stories on the list's first page). */
export async function measureLikes(
  system: Omit<OneProcess, 'stop' | 'pid'>,
  log: (line: string) => void,
  options: { connections?: number; seconds?: number } = {},
): Promise<LikesResult> {
  const connections = options.connections ?? 64;
  const seconds = options.seconds ?? 10;
  const { ids } = system;
  // The reader keeps its connection, as a browser does (a new one per poll cost both processes
  // a connection set-up for every poll).
  const readerAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  /** autocannon for `duration` seconds, each 200 answer reported to `onAck`. */
  const load = (duration: number, onAck: () => void = () => {}) =>
    new Promise<Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: system.baseUrl,
          connections,
          duration,
          requests: ids.map((id) => ({ method: 'POST', path: `/api/stories/${id}/like` })),
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, statusCode) => {
        if (statusCode === 200) onAck();
      });
    });
  try {
    // A warm-up, as the read suite has: the server's first seconds compile its code and open
    // its connections, so a fresh server is markedly slower than the same one a moment later. Its
    // likes are settled (stored and shown) before the measured run starts counting.
    const warmUp = await load(WARM_UP_SECONDS);
    if (warmUp.non2xx || warmUp.errors)
      throw new Error(`likes (warm-up): ${warmUp.non2xx} non-2xx answers, ${warmUp.errors} errors`);
    const before = await settled(system, ids);
    const acks: number[] = [];
    let maxBehindMs = 0;
    let running = true;
    const poller = (async () => {
      while (running) {
        const sent = acks.length;
        const shown = (await likesShown(system.baseUrl, ids, readerAgent)) - before;
        const now = performance.now();
        // Likes are acknowledged (and counted) in about the order they become visible: the
        // oldest acknowledgement the reader cannot see yet is number `shown`.
        if (shown < sent) maxBehindMs = Math.max(maxBehindMs, now - acks[shown]!);
        await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
      }
    })();
    const result = await load(seconds, () => acks.push(performance.now()));
    running = false;
    await poller;
    if (result.non2xx || result.errors)
      throw new Error(`likes: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    const acknowledged = result['2xx'];
    const stored = (await settled(system, ids)) - before;
    const shown = (await likesShown(system.baseUrl, ids)) - before;
    const likesPerSecond = acknowledged / seconds;
    log(
      `likes over HTTP (${connections} connections, ${seconds} s, one process): ${Math.round(likesPerSecond).toLocaleString('en')} likes/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${acknowledged.toLocaleString('en')} acknowledged, ` +
        `${stored.toLocaleString('en')} stored, read model shows ${shown.toLocaleString('en')}; ` +
        `at most ${Math.round(maxBehindMs)} ms behind during the load`,
    );
    // autocannon stops with up to one request per connection in flight: the server stores and
    // answers those too, after the client has hung up. So the read model must show exactly the
    // stored likes, and those are the acknowledged ones plus at most one per connection.
    if (shown !== stored) throw new Error(`the read model shows ${shown} likes but ${stored} are stored`);
    if (stored < acknowledged || stored > acknowledged + connections)
      throw new Error(
        `${stored} likes stored for ${acknowledged} acknowledged by ${connections} connections`,
      );
    return {
      likesPerSecond,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      acknowledged,
      stored,
      shown,
      maxBehindMs,
    };
  } finally {
    readerAgent.destroy();
  }
}
