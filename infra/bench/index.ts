import { pickTestServices } from '../src/test-env/pick-services';
import { benchAppendThroughput } from './append-throughput';

/**
 * `npm run bench` (design.md section 9: benchmarks are separate from tests and report ratios
 * measured in one run). Against DATABASE_URL when set, else the local PostgreSQL, else an
 * embedded one; every benchmark works in a database of its own and drops it.
 *
 * 1. Appends per second through the PostgreSQL event store beside plain INSERTs per second into
 *    a table of the same shape on the same server (the ratio is the cost of the global order).
 * 2. The projector's catch-up rate in events per second over at least 200,000 events.
 */
interface CatchUpResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}
type CatchUpBench = (databaseUrl: string, log: (line: string) => void) => Promise<CatchUpResult>;

const log = (line: string) => console.log(`  ${line}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** The projector's benchmark (infra/bench/projector-catch-up.ts), when it is there. */
async function loadCatchUpBench(): Promise<CatchUpBench | undefined> {
  const path = './projector-catch-up';
  try {
    const module = (await import(path)) as { benchProjectorCatchUp?: CatchUpBench };
    return module.benchProjectorCatchUp;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

async function main() {
  const services = await pickTestServices();
  console.log(`Nocturne benchmarks — ${services.description}\n`);
  const results: string[] = [];
  try {
    console.log('1. Event-store appends vs plain INSERTs (same shape, same server, same concurrency)');
    const append = await benchAppendThroughput(services.postgresUrl, log);
    results.push(
      `appends/s through the PostgreSQL store : ${fmt(append.appendsPerSecond)}`,
      `plain INSERTs/s, same table shape      : ${fmt(append.insertsPerSecond)}`,
      `ratio (store / plain)                  : ${append.ratio.toFixed(2)}`,
    );

    console.log('\n2. Projector catch-up');
    const catchUp = await loadCatchUpBench();
    if (catchUp) {
      const result = await catchUp(services.postgresUrl, log);
      results.push(
        `projector catch-up                     : ${fmt(result.eventsPerSecond)} events/s ` +
          `(${fmt(result.events)} events in ${result.seconds.toFixed(1)} s)`,
      );
    } else {
      results.push('projector catch-up                     : not run (infra/bench/projector-catch-up.ts is missing)');
    }
  } finally {
    await services.stop();
  }
  console.log(`\nResults (one run)\n${results.map((r) => `  ${r}`).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
