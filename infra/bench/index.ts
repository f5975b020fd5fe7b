import { pickTestServices } from '../src/test-env/pick-services';
import { benchAppendThroughput } from './append-throughput';
import { benchListCompression } from './list-compression';
import { benchProjectorCatchUp } from './projector-catch-up';
import { benchRead, type ReadSuiteResult } from './read-suite';

/**
 * `npm run bench` (design.md section 9: benchmarks are separate from tests and report ratios
 * measured in one run). Against DATABASE_URL when set, else the local PostgreSQL, else an
 * embedded one; every benchmark works in a database of its own and drops it.
 *
 * 1. Appends per second through the PostgreSQL event store beside plain INSERTs per second into
 *    a table of the same shape on the same server (the ratio is the cost of the global order).
 * 2. The projector's catch-up rate in events per second over at least 200,000 events.
 * 3. The story list's requests per second without Accept-Encoding, with gzip and with Brotli:
 *    the cost of compressing JSON answers (issue 16).
 * 4. `read` (read-suite.ts, issue 11): the read side against a bare Fastify hello-world.
 *
 * `npm run bench -- read` runs the read suite alone.
 */
const log = (line: string) => console.log(`  ${line}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en');

function readResults(read: ReadSuiteResult): string[] {
  return [
    ...read.runs.map(
      (run) =>
        `${run.name.padEnd(38)} : ${fmt(run.requestsPerSecond).padStart(7)} req/s, p50 ${run.p50Ms} ms, ` +
        `p99 ${run.p99Ms} ms, ratio to hello-world ${run.ratio.toFixed(3)}`,
    ),
    ...read.rss.map((row) => `RSS ${row.process.padEnd(70)} : ${row.mb.toFixed(0)} MB`),
  ];
}

async function main() {
  const services = await pickTestServices();
  console.log(`Nocturne benchmarks — ${services.description}\n`);
  const results: string[] = [];
  if (process.argv.slice(2).includes('read')) {
    try {
      console.log('Read side vs a bare Fastify hello-world (64 connections, 10 s each)');
      results.push(...readResults(await benchRead(services, log)));
    } finally {
      await services.stop();
    }
    console.log(`\nResults (one run)\n${results.map((r) => `  ${r}`).join('\n')}`);
    return;
  }
  try {
    console.log('1. Event-store appends vs plain INSERTs (same shape, same server, same concurrency)');
    const append = await benchAppendThroughput(services.postgresUrl, log);
    results.push(
      `appends/s through the PostgreSQL store : ${fmt(append.appendsPerSecond)}`,
      `plain INSERTs/s, same table shape      : ${fmt(append.insertsPerSecond)}`,
      `ratio (store / plain)                  : ${append.ratio.toFixed(2)}`,
    );

    console.log('\n2. Projector catch-up');
    const catchUp = await benchProjectorCatchUp(services.postgresUrl, log, 200_000);
    results.push(
      `projector catch-up                     : ${fmt(catchUp.eventsPerSecond)} events/s ` +
        `(${fmt(catchUp.events)} events in ${catchUp.seconds.toFixed(1)} s)`,
    );

    console.log('\n3. The story list with and without compression (GET /api/stories, 60 stories)');
    const [plain, ...compressed] = await benchListCompression(services.postgresUrl, log);
    for (const run of [plain!, ...compressed]) {
      const ratio =
        run === plain
          ? ''
          : `, ratio to identity ${(run.requestsPerSecond / plain!.requestsPerSecond).toFixed(2)}`;
      results.push(
        `list, Accept-Encoding ${run.encoding.padEnd(8)}        : ${fmt(run.requestsPerSecond)} req/s, ` +
          `${fmt(run.bodyBytes)} bytes, p99 ${run.p99Ms} ms${ratio}`,
      );
    }

    console.log('\n4. Read side vs a bare Fastify hello-world (64 connections, 10 s each)');
    results.push(...readResults(await benchRead(services, log)));
  } finally {
    await services.stop();
  }
  console.log(`\nResults (one run)\n${results.map((r) => `  ${r}`).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
