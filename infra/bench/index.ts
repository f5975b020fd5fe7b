import { cpus, loadavg } from 'node:os';
import { pickTestServices, type TestServices } from '@nocturne/infra/test-env';
import { compareAgePolicies } from './age-policy';
import { benchAppendThroughput } from './append-throughput';
import { compareWithBaseline } from './baseline-comparison';
import { benchEventBrowser } from './event-browser';
import { benchChainCost, benchVerifyLog } from './hash-chain';
import { benchLikeLag } from './like-lag';
import { benchLikes } from './likes-over-http';
import { benchListCompression } from './list-compression';
import { watchSteal } from './machine-steal';
import { benchNotices, NOTICE_TARGETS } from './notices';
import { benchProjectorCatchUp } from './projector-catch-up';
import { benchRead, type ReadSuiteResult } from './read-suite';
import { benchSearch, type Throughput } from './search';
import { benchTracingCost } from './tracing-cost';

/**
 * `npm run bench [-- suite ...]` (benchmarks are separate from tests and
 * report ratios measured in one run). Without a suite name it runs them all, in this order; `read` (read-suite.ts) is the read side against a bare Fastify hello-world.
 * Against DATABASE_URL when set, else the local PostgreSQL, else an embedded one; every
 * benchmark works in a database of its own and drops it.
 */
const log = (line: string) => console.log(`  ${line}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** The machine's 1-minute load average, as `uptime` prints it. */
const loadAverage = () => loadavg()[0]!.toFixed(2);

const mb = (n: number) => `${n.toFixed(0)} MB`;

function readResults(read: ReadSuiteResult): string[] {
  const memory = read.serverMemory;
  return [
    ...read.runs.map(
      (run) =>
        `${run.name.padEnd(38)} : ${fmt(run.requestsPerSecond).padStart(7)} req/s, p50 ${run.p50Ms} ms, ` +
        `p99 ${run.p99Ms} ms, ratio to hello-world ${run.ratio.toFixed(3)}; CPU per answer: server ` +
        `${fmt(run.serverCpuUs)} µs, autocannon ${fmt(run.clientCpuUs)} µs`,
    ),
    ...read.rss.map((row) => `RSS ${row.process.padEnd(70)} : ${row.mb.toFixed(0)} MB`),
    `the server's memory (its /metrics)    : RSS ${mb(memory.rssMb)}: V8 heap ${mb(memory.heapTotalMb)} ` +
      `(${mb(memory.heapUsedMb)} in use), external ${mb(memory.externalMb)}, the rest (code, native, ` +
      `malloc) ${mb(memory.rssMb - memory.heapTotalMb - memory.externalMb)}`,
  ];
}

type Suite = { title: string; run: (services: TestServices) => Promise<string[]> };

/** The write path's targets against the hello-world and for the lag. */
const WRITE_PATH_TARGETS = { likesToHelloWorld: 0.11, lagP99Ms: 50 };

/**
 * Figures that one suite measures and another's target is stated against: the likes suite's rate
 * and the read suite's hello-world, when both run in one `npm run bench`.
 */
const inThisRun: { likesPerSecond?: number; helloWorldPerSecond?: number } = {};

/** Likes over HTTP as a share of the hello-world, both measured in this run. */
function likesToHelloWorld(): string[] {
  const { likesPerSecond, helloWorldPerSecond } = inThisRun;
  if (likesPerSecond === undefined || helloWorldPerSecond === undefined) return [];
  return [
    `likes / hello-world in this run        : ${fmt(likesPerSecond)}/s / ${fmt(helloWorldPerSecond)}/s = ` +
      `${(likesPerSecond / helloWorldPerSecond).toFixed(3)} (target at least ${WRITE_PATH_TARGETS.likesToHelloWorld})`,
  ];
}

const suites: Record<string, Suite> = {
  write: {
    title: 'Event-store appends vs plain INSERTs and vs insert+upsert transactions (same server, same pool)',
    async run(services) {
      return (await benchAppendThroughput(services.postgresUrl, log)).map(
        (r) =>
          `appends, ${String(r.writers).padStart(3)} writers           : ${fmt(r.appendsPerSecond)}/s; ` +
          `INSERTs ${fmt(r.insertsPerSecond)}/s (ratio ${r.ratioToInserts.toFixed(2)}); ` +
          `insert+upsert tx ${fmt(r.transactionsPerSecond)}/s (ratio ${r.ratioToTransactions.toFixed(2)}); ` +
          `mean group ${r.meanGroupSize.toFixed(1)}`,
      );
    },
  },
  likes: {
    title: 'Like commands over HTTP (autocannon, 64 connections, 10 s, one process as `npm start`)',
    async run(services) {
      const r = await benchLikes(services.postgresUrl, log);
      inThisRun.likesPerSecond = r.likesPerSecond;
      return [
        `likes over HTTP                        : ${fmt(r.likesPerSecond)}/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`,
        `read model after the load              : ${fmt(r.shown)} likes shown = ${fmt(r.stored)} stored; ${fmt(r.acknowledged)} acknowledged before autocannon hung up`,
        `behind during the load                 : at most ${fmt(r.maxBehindMs)} ms`,
      ];
    },
  },
  notices: {
    title:
      "Processor notices over HTTP (FlexPay's wire and signature, paced, 10 s after a 2 s warm-up, one process as `npm start`), each grant read back by its reader",
    async run(services) {
      const r = await benchNotices(services.postgresUrl, log);
      const t = NOTICE_TARGETS;
      return [
        `notices, rate                          : ${fmt(r.achievedPerSecond)}/s achieved of ${r.askedPerSecond}/s asked (target ${t.perSecond}/s sustained); ${fmt(r.notices)} measured, ${r.sentLate} sent late`,
        `notices, latency to "OK"               : p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms (target p99 < ${t.p99Ms} ms)`,
        `notices, grant visible to the reader   : p50 ${fmt(r.visibleP50Ms)} ms, p99 ${fmt(r.visibleP99Ms)} ms, max ${fmt(r.visibleMaxMs)} ms (target < ${fmt(t.visibleMs)} ms)`,
        `notices, the product's CPU per notice  : ${r.productCpuMsPerNotice.toFixed(2)} ms (its process tree, the reader's two reads included; PostgreSQL's not): ${fmt(1000 / r.productCpuMsPerNotice)} notices per second of one core`,
      ];
    },
  },
  chain: {
    title:
      'Likes over HTTP without and with the hash chain, side by side (alternating runs of the likes bench)',
    async run(services) {
      const r = await benchChainCost(services.postgresUrl, log);
      return [
        ...r.runs.map(
          ({ chained, result }, i) =>
            `likes, run ${i + 1}, ${chained ? 'with the chain   ' : 'without the chain'}  : ${fmt(result.likesPerSecond)}/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
        ),
        `likes with the chain / without (medians): ${fmt(r.chainedPerSecond)}/s / ${fmt(r.unchainedPerSecond)}/s = ${r.ratio.toFixed(3)} (target at least 0.9)`,
      ];
    },
  },
  tracing: {
    title:
      'Likes over HTTP with tracing off, on and a tenth sampled (OTLP to a local collector), taking turns',
    async run(services) {
      const r = await benchTracingCost(services.postgresUrl, log);
      return [
        ...r.runs.map(
          ({ mode, result }, i) =>
            `likes, run ${i + 1}, tracing ${mode.padEnd(15)} : ${fmt(result.likesPerSecond)}/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
        ),
        ...r.medians.map(
          (m) =>
            `tracing ${m.mode.padEnd(15)} (median)      : ${fmt(m.perSecond)}/s, ${m.ratio.toFixed(3)} of tracing off (target at least 0.95)`,
        ),
        `spans the collector received          : ${fmt(r.spans)}`,
      ];
    },
  },
  'verify-log': {
    title:
      'npm run verify-log over 1,000,000 events of the realistic mix (and the migration that chains them)',
    async run(services) {
      const r = await benchVerifyLog(services.postgresUrl, log);
      return [
        `verify-log                             : ${fmt(r.eventsPerSecond)} events/s (${fmt(r.events)} events in ${r.verifySeconds.toFixed(2)} s; target at least 200,000/s)`,
        r.chainSeconds === null
          ? 'chaining an unchained log (migration)  : not measured (a kept log, BENCH_KEEP_LOG=1)'
          : `chaining an unchained log (migration)  : ${fmt(r.events)} events in ${r.chainSeconds.toFixed(1)} s`,
      ];
    },
  },
  baseline: {
    title:
      'Likes over HTTP and the read suite, this checkout against an earlier commit (BENCH_BASELINE), taking turns',
    async run(services) {
      const revision = process.env.BENCH_BASELINE;
      if (!revision) return ['baseline: skipped (set BENCH_BASELINE=<commit> to compare with one)'];
      const { commit, figures } = await compareWithBaseline(revision, services, log);
      const list = (values: number[]) => values.map(fmt).join(', ');
      const micros = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
      return figures.flatMap((f) => [
        `${f.name}, baseline ${commit}: ${list(f.baseline)} /s; this checkout: ${list(f.current)} /s`,
        `${f.name}, ratio of the medians: ${f.ratio.toFixed(3)}`,
        ...(f.serverCpuUs
          ? [
              `${f.name}, server CPU per answer, baseline: ${micros(f.serverCpuUs.baseline)} µs; this checkout: ${micros(f.serverCpuUs.current)} µs`,
              `${f.name}, server CPU per answer, baseline / this checkout (above 1: this checkout spends less): ${f.serverCpuUs.ratio.toFixed(3)}`,
            ]
          : []),
      ]);
    },
  },
  'age-policy': {
    title:
      'The age-assurance policy on the read side: the read suite with AGE_ASSURANCE=off and required, taking turns (a fifth of the stories Explicit)',
    async run(services) {
      const figures = await compareAgePolicies(services, log);
      const list = (values: number[]) => values.map(fmt).join(', ');
      return figures.flatMap((f) => [
        `${f.name}, off: ${list(f.baseline)} /s; required: ${list(f.current)} /s`,
        `${f.name}, required / off (target at least 0.95): ${f.ratio.toFixed(3)}`,
      ]);
    },
  },
  lag: {
    title: 'Lag under load: likes paced at 1,000/s, acknowledgement -> visible to a reader',
    async run(services) {
      const r = await benchLikeLag(services.postgresUrl, log);
      const warm = r.warmUp;
      return [
        `lag at ${fmt(r.ratePerSecond)} likes/s                 : p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms (the 5 s after the warm-up; target p99 < ${WRITE_PATH_TARGETS.lagP99Ms} ms)`,
        `lag in the warm-up (first ${r.warmUpSeconds} s)       : p50 ${warm.p50Ms.toFixed(1)} ms, p99 ${warm.p99Ms.toFixed(1)} ms, max ${warm.maxMs.toFixed(1)} ms`,
      ];
    },
  },
  catchup: {
    title: 'Projector catch-up over 1,000,000 events of the realistic mix, then a rebuild',
    async run(services) {
      const events = Number(process.env.BENCH_CATCHUP_EVENTS ?? 1_000_000);
      const r = await benchProjectorCatchUp(services.postgresUrl, log, events);
      return [
        `projector catch-up                     : ${fmt(r.eventsPerSecond)} events/s (${fmt(r.events)} events in ${r.seconds.toFixed(1)} s)`,
        `rebuild of the same events             : ${r.rebuildSeconds.toFixed(1)} s`,
      ];
    },
  },
  compression: {
    title: 'The story list with and without compression (GET /api/stories, 60 stories)',
    async run(services) {
      const [plain, ...compressed] = await benchListCompression(services.postgresUrl, log);
      return [plain!, ...compressed].map((run) => {
        const ratio =
          run === plain
            ? ''
            : `, ratio to identity ${(run.requestsPerSecond / plain!.requestsPerSecond).toFixed(2)}`;
        return (
          `list, Accept-Encoding ${run.encoding.padEnd(8)}        : ${fmt(run.requestsPerSecond)} req/s, ` +
          `${fmt(run.bodyBytes)} bytes, p99 ${run.p99Ms} ms${ratio}`
        );
      });
    },
  },
  browser: {
    title:
      "The auditor's event browser over HTTP on 1,000,000 events of the realistic mix (each route, autocannon)",
    async run(services) {
      const events = Number(process.env.BENCH_BROWSER_EVENTS ?? 1_000_000);
      const r = await benchEventBrowser(services.postgresUrl, log, events);
      const worst = r.routes.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
      const line = (route: (typeof r.routes)[number]) =>
        `browser, ${route.name.padEnd(38)} : ${fmt(route.requestsPerSecond).padStart(4)} req/s, p50 ${route.p50Ms} ms, ` +
        `p99 ${route.p99Ms} ms (target < 100 ms); /healthz p99 just before ${route.floor.p99Ms} ms, ` +
        `ratio ${(route.p99Ms / route.floor.p99Ms).toFixed(1)}; the server's mean ${route.server?.meanMs ?? '?'} ms ` +
        `(${route.server ? (100 * route.server.within100Ms).toFixed(1) : '?'}% within 100 ms), its CPU per answer ` +
        `${route.serverCpuMsPerAnswer} ms (/healthz ${route.floor.serverCpuMsPerAnswer} ms); ` +
        `the query alone p50 ${route.query?.p50Ms} ms, p99 ${route.query?.p99Ms} ms`;
      const plans = (route: (typeof r.routes)[number]) =>
        route.plans.map(
          (plan, i) =>
            `  plan ${i + 1} of ${route.plans.length}: executes in ${plan.executionMs.toFixed(1)} ms (planned in ` +
            `${plan.planningMs.toFixed(1)} ms), ${fmt(plan.rows)} rows, buffers: ${fmt(plan.hit)} hit, ${fmt(plan.read)} read; ${plan.outline}`,
        );
      return [
        ...r.routes.flatMap((route) => [line(route), ...plans(route)]),
        `browser, the slowest route's p99 (${fmt(r.events)} events, ${r.connections} connections): ${worst.p99Ms} ms, ` +
          `${worst.name} (target < 100 ms; /healthz p99 then ${worst.floor.p99Ms} ms)`,
      ];
    },
  },
  read: {
    title: 'Read side vs a bare Fastify hello-world (64 connections, 10 s each, 50 stories)',
    async run(services) {
      const read = await benchRead(services, log);
      inThisRun.helloWorldPerSecond = read.helloWorldPerSecond;
      return readResults(read);
    },
  },
  search: {
    title:
      'Find a story: GET /api/search over 10,000 stories (a member; sequential, then 10 connections, 10 s)',
    async run(services) {
      const r = await benchSearch(services.postgresUrl, log);
      const mix = (label: string, t: Throughput) =>
        `search, the mix, ${label.padEnd(9)}  : ${fmt(t.requestsPerSecond)} req/s, p50 ${t.p50Ms} ms, ` +
        `p99 ${t.p99Ms} ms (${r.connections} connections; target p99 < 50 ms)`;
      return [
        ...r.sequential.map(
          (q) =>
            `search, ${q.name.padEnd(24)} : uncached p50 ${q.uncached.p50Ms.toFixed(1)} ms, p99 ${q.uncached.p99Ms.toFixed(1)} ms; ` +
            `cached p50 ${q.cached.p50Ms.toFixed(1)} ms, p99 ${q.cached.p99Ms.toFixed(1)} ms ` +
            `(${fmt(q.matches)} of ${fmt(r.stories)} stories match)`,
        ),
        mix('uncached', r.concurrentUncached),
        mix('cached', r.concurrentCached),
        `baseline, GET /api/auth/me       : ${fmt(r.baseline.requestsPerSecond)} req/s, p50 ${r.baseline.p50Ms} ms, ` +
          `p99 ${r.baseline.p99Ms} ms (the same session lookup alone, same connections)`,
        ...r.plans.map((p) => `plan, ${p.name.padEnd(26)} : ${p.scan}, executes in ${p.executionMs} ms`),
      ];
    },
  },
};

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = asked.filter((name) => !(name in suites));
  if (unknown.length > 0) {
    throw new Error(
      `unknown bench suite ${unknown.join(', ')}; the suites: ${Object.keys(suites).join(', ')}`,
    );
  }
  const chosen = asked.length > 0 ? asked : Object.keys(suites);
  const services = await pickTestServices();
  console.log(`Nocturne benchmarks — ${services.description}\n`);
  const results: string[] = [];
  try {
    for (const [i, name] of chosen.entries()) {
      const suite = suites[name]!;
      console.log(`${i === 0 ? '' : '\n'}${i + 1}. [${name}] ${suite.title}`);
      const steal = watchSteal();
      const loadBefore = loadAverage();
      results.push(...(await suite.run(services)));
      results.push(
        `[${name}] the machine's load (1-minute average, ${cpus().length} cores): ${loadBefore} at the start, ${loadAverage()} at the end`,
      );
      const share = steal();
      if (share !== undefined) {
        results.push(
          `[${name}] CPU time taken by the hypervisor (steal) during the suite: ${(100 * share).toFixed(1)}%`,
        );
      }
    }
  } finally {
    await services.stop();
  }
  results.push(...likesToHelloWorld());
  console.log(`\nResults (one run)\n${results.map((r) => `  ${r}`).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
