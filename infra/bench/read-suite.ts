import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { streams } from '@nocturne/events';
import { openEventStore } from '@nocturne/events/store/open';
import { createTestDatabase } from '@nocturne/events/testing';
import { repoRoot } from '@nocturne/infra/bin/web-build';
import type { TestServices } from '@nocturne/infra/test-env';
import { adminToken, createVerifiedUser, setPremium } from '@nocturne/test-kit/api-client';
import autocannon, { type Client } from 'autocannon';
import { getDrained } from './http-get';
import { cpuMsOfTree, processTree } from './process-tree';
import { appendSeed } from './seed-stories';
import { runNpmStart } from './web/product';

/**
 * The read side at the HTTP ceiling: autocannon, 64 connections, 10 s after a 2 s
 * warm-up, against a bare Fastify hello-world started in its own process (before and after the
 * product, ratios to the mean of the two), and against the
 * product as `npm start` starts it holding 50 stories of 3 slides (a third premium): the
 * anonymous list, `?limit=5`, a premium member's list (their overlay: an unlocked story, signed
 * covers), a free story, a 304 revalidation, and the SPA's page. Each figure beside its ratio to the hello-world
 * and the CPU time per answer of the server and of autocannon (one thread: where it is at a full
 * core, it is the ceiling); each process's RSS at the end.
 */
const CONNECTIONS = 64;
const SECONDS = 10;
const WARM_UP_SECONDS = 2;
const STORIES = 50;
const SLIDE_TEXTS = [
  'The city slept under a violet sky when she found the letter tucked inside the old piano, sealed with wax the colour of wine.',
  'He waited at the station where the last train never came, counting the lamps and the reasons he should have left long ago.',
  'By midnight the garden had changed: every rose turned toward the house, as if listening for the name she had not yet spoken.',
];

export interface ReadRun {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratio: number;
  /**
   * CPU time per answer (µs) of the server's processes and of autocannon (this process): a
   * figure the load generator does not limit. Where autocannon is at a full core, req/s is its
   * ceiling rather than the server's.
   */
  serverCpuUs: number;
  clientCpuUs: number;
}

export interface ReadSuiteResult {
  runs: ReadRun[];
  /** The hello-world's rate: the mean of its runs before and after the product's (answers/s). */
  helloWorldPerSecond: number;
  /** Resident memory of each process at the end (MB). */
  rss: Array<{ process: string; mb: number }>;
  /** The server's own account of its memory at the end (its /metrics), in MB: where the RSS goes. */
  serverMemory: ServerMemory;
}

export interface ServerMemory {
  rssMb: number;
  /** V8's heap as reserved, and the part of it in use. */
  heapTotalMb: number;
  heapUsedMb: number;
  /** Memory outside the heap that JavaScript objects hold (Buffers and the like). */
  externalMb: number;
}

/** The server's memory gauges (prom-client's default metrics) from its loopback-only /metrics. */
export async function serverMemory(base: string): Promise<ServerMemory> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const gauge = (name: string) => {
    const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
    if (value === undefined) throw new Error(`/metrics has no ${name}`);
    return Number(value) / 1024 / 1024;
  };
  return {
    rssMb: gauge('process_resident_memory_bytes'),
    heapTotalMb: gauge('nodejs_heap_size_total_bytes'),
    heapUsedMb: gauge('nodejs_heap_size_used_bytes'),
    externalMb: gauge('nodejs_external_memory_bytes'),
  };
}

/** VmRSS of a process and of every descendant (the bootstrap runs the server as its child). */
export function rssTree(pid: number, label: string): Array<{ process: string; mb: number }> {
  return processTree(pid).flatMap(({ pid: id, depth }) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const name = readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').slice(0, 3).join(' ').slice(0, 60);
      return [{ process: `${label}${depth ? ` child ${id}` : ` ${id}`} (${name})`, mb: kb / 1024 }];
    } catch {
      return []; // gone since the walk
    }
  });
}

const HELLO = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + address);
`;

/** A bare Fastify hello-world in a process of its own. */
export async function startHelloWorld(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', HELLO], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`hello-world exited (${code})`)));
  });
  return { url, child };
}

/** One answer's status and headers (to read an ETag, check a 304). */
async function head(url: string, headers: Record<string, string>): Promise<{ status: number; etag: string }> {
  const answer = await getDrained(url, { headers });
  return { status: answer.status, etag: String(answer.headers.etag ?? '') };
}

/**
 * autocannon keeps each answer's body as a string, for options the bench does not use
 * (`expectBody`, `verifyBody`, a request's `onResponse`). Decoding every Brotli body as UTF-8 cost
 * the load generator more CPU than the server spent on the answer, so on the shared cores it was
 * the client that set the rate of a compressed list (`clientCpuUs`). Its connections keep no body.
 */
function keepNoBodies(client: Client): void {
  const queue = client.pipelinedRequests;
  if (typeof queue?.addBody !== 'function') {
    throw new Error('autocannon no longer keeps bodies in pipelinedRequests.addBody: see keepNoBodies');
  }
  queue.addBody = () => {};
}

/**
 * Every answer must be a 200 (or, for a revalidation, a 304): an error answer is not a figure.
 * `serverPid` is the process whose tree serves the requests.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  serverPid: number,
  expected: 200 | 304 = 200,
  load: { connections?: number; seconds?: number; warmUpSeconds?: number } = {},
) {
  const connections = load.connections ?? CONNECTIONS;
  const options = { url, connections, headers, setupClient: keepNoBodies };
  await autocannon({ ...options, duration: load.warmUpSeconds ?? WARM_UP_SECONDS });
  const serverBefore = cpuMsOfTree(serverPid);
  const clientBefore = process.cpuUsage();
  const run = await autocannon({ ...options, duration: load.seconds ?? SECONDS });
  const serverMs = cpuMsOfTree(serverPid) - serverBefore;
  const client = process.cpuUsage(clientBefore);
  const unexpected = expected === 200 ? run.non2xx : run.requests.total - run['3xx'];
  if (unexpected || run.errors) {
    throw new Error(`${url}: ${unexpected} answers other than ${expected}, ${run.errors} errors`);
  }
  const answers = Math.max(1, run.requests.total);
  return {
    requestsPerSecond: run.requests.average,
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    serverCpuUs: (serverMs * 1000) / answers,
    clientCpuUs: (client.user + client.system) / answers,
  };
}

/** One product case's figures, before its ratio to the hello-world is known. */
type Measured = Omit<ReadRun, 'ratio'>;

/**
 * The hello-world is measured before and after the product, and each ratio is to the mean of the
 * two: on a shared machine the ceiling moves during the minute the product's cases take.
 */
export async function benchRead(
  services: TestServices,
  log: (line: string) => void,
): Promise<ReadSuiteResult> {
  const hello = await startHelloWorld();
  try {
    const helloRun = async (name: string): Promise<Measured> => {
      const result = await measure(hello.url, {}, hello.child.pid ?? 0);
      log(`${name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`);
      return { name, ...result };
    };
    const before = await helloRun('bare Fastify hello-world, before');
    const product = await benchProduct(services, log);
    const after = await helloRun('bare Fastify hello-world, after');
    const ceiling = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    return {
      runs: [before, after, ...product.runs].map((run) => ({
        ...run,
        ratio: run.requestsPerSecond / ceiling,
      })),
      helloWorldPerSecond: ceiling,
      rss: [...rssTree(hello.child.pid ?? 0, 'hello-world'), ...product.rss],
      serverMemory: product.serverMemory,
    };
  } finally {
    hello.child.kill('SIGTERM');
  }
}

/** How the product is started and seeded, where a suite compares two settings of one checkout. */
export interface ProductVariant {
  /** Environment of `npm start` beyond the suite's own (e.g. `AGE_ASSURANCE`). */
  env?: Record<string, string>;
  /** Every n-th story is Explicit (the others Mature, as an older checkout reads them). */
  explicitEvery?: number;
}

/** One request of the read suite: what it asks and the status every answer must have. */
export interface ReadCase {
  name: string;
  url: string;
  headers: Record<string, string>;
  expected: 200 | 304;
}

/** The product started and seeded for the read suite: its cases, ready to be measured. */
export interface ReadProduct {
  cases: ReadCase[];
  /** The bootstrap process's id: the product's processes are its tree. */
  pid: number;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` starts it, holding 50 stories (a third premium, a premium member
 * who opened one), and the suite's cases against it. `root` is the checkout to start (another
 * commit's, for a side-by-side comparison).
 */
export async function startReadProduct(
  services: TestServices,
  log: (line: string) => void,
  root?: string,
  variant: ProductVariant = {},
): Promise<ReadProduct> {
  log('starting the product as npm start does (bootstrap, launcher)...');
  process.env.TEST_DATABASE_URL = services.postgresUrl;
  const database = await createTestDatabase('bench_read');
  const product = await runNpmStart(
    {
      DATABASE_URL: database.url,
      NATS_URL: services.natsUrl ?? '',
      NATS_SUBJECT_PREFIX: database.name,
      DEMO: '0',
      EXPOSE_VERIFICATION_TOKEN: 'true',
      ...variant.env,
    },
    root,
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  try {
    const base = product.baseUrl;
    // Appended straight to the product's event store (uploads are rate-limited per client, and
    // image processing is not what this suite measures); its projector builds the read models.
    const store = await openEventStore({ databaseUrl: database.url });
    let freeId = '';
    const premium: string[] = [];
    try {
      for (let n = 0; n < STORIES; n++) {
        const storyId = randomUUID();
        const image = (slide: number) => ({
          ref: createHash('md5').update(`${storyId}:${slide}`).digest('hex'),
          width: 900,
          height: 1200,
        });
        const isPremium = n % 3 === 0;
        await appendSeed(
          store,
          streams.story(storyId),
          [
            {
              type: 'StoryPublished',
              data: {
                storyId,
                isPremium,
                slides: SLIDE_TEXTS.map((text, slide) => ({
                  image: image(slide),
                  text: `${text} (${n + 1})`,
                })),
                preview: image(9),
                tags: [],
                warnings: [],
                rating: variant.explicitEvery && n % variant.explicitEvery === 0 ? 'explicit' : 'mature',
              },
            },
          ],
          'no_stream',
        );
        if (isPremium) premium.push(storyId);
        else freeId = storyId;
      }
    } finally {
      await store.close();
    }
    // The projector finds the appends by polling (no "appended" hint came with them).
    for (let tries = 0; ; tries++) {
      const listed = (await (await fetch(`${base}/api/stories`)).json()) as unknown[];
      if (listed.length === STORIES) break;
      if (tries === 100) throw new Error(`the product lists ${listed.length} stories, not ${STORIES}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const admin = await adminToken(base, product.adminPassword);
    log(`published ${STORIES} stories of 3 slides (${premium.length} premium)`);
    const reader = await createVerifiedUser(base, { prefix: 'bench-read' });
    await setPremium(base, admin, reader.email, true);
    // The premium member opens one premium story: their list has an unlocked story and signed covers.
    const opened = await fetch(`${base}/api/stories/${premium[0]}`, {
      headers: { Authorization: `Bearer ${reader.token}` },
    });
    if (opened.status !== 200)
      throw new Error(`the premium member could not open a premium story: ${opened.status}`);
    const position = opened.headers.get('x-event-position') ?? '0';
    // Wait until the read side has the unlock.
    await fetch(`${base}/api/stories`, { headers: { 'X-Min-Position': position } });

    const encoding = { 'accept-encoding': 'br, gzip' };
    const etag = (await head(`${base}/api/stories`, encoding)).etag;
    const revalidation = await head(`${base}/api/stories`, { ...encoding, 'if-none-match': etag });
    if (revalidation.status !== 304)
      throw new Error(`the revalidation answered ${revalidation.status}, not 304`);

    const cases: Array<[string, string, Record<string, string>, 200 | 304]> = [
      ['anonymous GET /api/stories', '/api/stories', encoding, 200],
      ['anonymous GET /api/stories?limit=5', '/api/stories?limit=5', encoding, 200],
      [
        'premium member GET /api/stories',
        '/api/stories',
        { ...encoding, authorization: `Bearer ${reader.token}` },
        200,
      ],
      ['GET /api/stories/{id} (free)', `/api/stories/${freeId}`, encoding, 200],
      ['304 revalidation of the list', '/api/stories', { ...encoding, 'if-none-match': etag }, 304],
      ['GET / (the SPA page: every visit)', '/', encoding, 200],
    ];
    return {
      cases: cases.map(([name, path, headers, expected]) => ({
        name,
        url: `${base}${path}`,
        headers,
        expected,
      })),
      pid: product.pid,
      baseUrl: base,
      async stop() {
        await product.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await product.stop();
    await database.drop();
    throw error;
  }
}

/**
 * Each case of the read suite once, on the product as `npm start` starts it (startReadProduct),
 * and each process's RSS at the end.
 */
export async function benchProduct(
  services: TestServices,
  log: (line: string) => void,
  root?: string,
  variant: ProductVariant = {},
): Promise<Pick<ReadSuiteResult, 'rss' | 'serverMemory'> & { runs: Measured[] }> {
  const product = await startReadProduct(services, log, root, variant);
  try {
    const runs: Measured[] = [];
    for (const { name, url, headers, expected } of product.cases) {
      const result = await measure(url, headers, product.pid, expected);
      log(
        `${name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
      );
      runs.push({ name, ...result });
    }
    const rss = rssTree(product.pid, 'npm start');
    return { runs, rss, serverMemory: await serverMemory(product.baseUrl) };
  } finally {
    await product.stop();
  }
}
