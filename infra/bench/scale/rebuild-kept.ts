import { loadavg } from 'node:os';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { pickTestServices } from '@nocturne/infra/test-env';
import { MAINTENANCE_POOL_TIMEOUTS } from '@nocturne/pg-kit';
import { migrateReadModel, projections, rebuildReadModels, timingLines } from '@nocturne/projector';
import { PostgresPiiVault } from '@nocturne/vault';
import { ProgressBar } from './progress-bar';
import { statementLines, timeStatements } from './statement-times';

/**
 * `node --import tsx infra/bench/scale/rebuild-kept.ts --database <name> [--times 3] [--statements] [--one-lane]`:
 * the rebuild alone, again and again, against the log of a database `npm run bench:scale -- --keep`
 * kept: each run's events/s, the time of each projection, and with `--statements` the SQL
 * statements that took longest, with `--one-lane` every projection in one runner (add `node --cpu-prof` for the projector's CPU). Each run swaps its
 * read models in, as `npm run rebuild` does; the log is never changed.
 */
function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');

async function main() {
  const name = argument('--database');
  if (!name) throw new Error('--database <name of a kept scale database> is required');
  const times = Number(argument('--times') ?? 1);
  const services = await pickTestServices();
  const url = new URL(services.postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const store = await PostgresEventStore.connect({
    connectionString: databaseUrl,
    timeouts: MAINTENANCE_POOL_TIMEOUTS,
  });
  const vault = await PostgresPiiVault.connect(databaseUrl);
  try {
    await migrateReadModel(databaseUrl);
    for (let run = 1; run <= times; run++) {
      const statements = process.argv.includes('--statements') ? timeStatements() : undefined;
      const load = loadavg()[0]!.toFixed(1);
      const head = await store.headPosition();
      const bar = new ProgressBar('rebuild', head);
      const result = await rebuildReadModels({
        databaseUrl,
        store,
        vault,
        projections,
        lanes: !process.argv.includes('--one-lane'),
        onProgress: (p) => bar.update(p.position, Math.max(p.head, p.position)),
      });
      bar.finish();
      console.log(
        `run ${run}: ${fmt(result.position)} events in ${result.seconds.toFixed(1)} s = ${fmt(result.position / result.seconds)} events/s (load ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end); indexes and statistics after the bulk ${result.indexSeconds.toFixed(1)} s`,
      );
      for (const line of timingLines(result.timings)) console.log(`  ${line}`);
      if (statements) {
        for (const line of statementLines(statements.take(), 25)) console.log(`  ${line}`);
        statements.stop();
      }
    }
  } finally {
    await store.close();
    await vault.close();
    await services.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    `rebuild-kept failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
