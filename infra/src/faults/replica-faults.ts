import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniqueName } from '@nocturne/events/testing';
import { migrateReadModel } from '@nocturne/projector';
import { type RunningSystem, startSystem } from '../system/start-system';
import { canReplicate, startReplicatedPostgres } from '../test-env/replicated-postgres';
import { testConfig } from '../test-env/test-config';
import { newRow, type Row } from './fault-row';
import { startLoad } from './like-load';
import { CONNECTIONS, compareWithLog, publishLoadStories, recovered, sleep } from './read-side';

/** How long the replica stops replaying. */
const PAUSE_MS = 10_000;

/**
 * The read replica's replay paused for 10 s under the load: the product with query-api on a
 * streaming replica (READ_DATABASE_URL) that the suite makes from the machine's PostgreSQL
 * binaries. While it is paused, a read after the load's own write waits for the replica, falls
 * back to the primary within its wait, or answers 503: never older than the write. The row
 * counts the reads that were (the load checks each answer's X-Projected-Position against the
 * X-Min-Position it sent), besides lost likes and the rebuild comparison.
 */
export async function replicaPausedRow(options: {
  natsUrl: string;
  perSecond: number;
  log: (line: string) => void;
}): Promise<Row> {
  const row = newRow('read replica replay paused 10 s (READ_DATABASE_URL)', 1);
  if (!canReplicate()) {
    row.times = 0;
    row.note = 'not run: no pg_basebackup on this machine';
    return row;
  }
  const cluster = await startReplicatedPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-faults-replica-'));
  let system: RunningSystem | undefined;
  try {
    // The read models' tables come to the replica from the primary's migration.
    await migrateReadModel(cluster.primaryUrl);
    system = await startSystem(
      {
        ...testConfig({
          databaseUrl: cluster.primaryUrl,
          readDatabaseUrl: cluster.replicaUrl,
          natsUrl: options.natsUrl,
          natsSubjectPrefix: uniqueName('faults-replica'),
          dataDir,
        }),
        logLevel: 'error' as const,
      },
      { log: () => {}, logError: () => {}, host: '127.0.0.1' },
    );
    const stories = await publishLoadStories(system.infra.store);
    await system.projector.catchUp();
    options.log('product up with its read models on a streaming replica');
    const running = system;
    const load = await startLoad({
      base: running.address,
      stories,
      perSecond: options.perSecond,
      connections: CONNECTIONS,
    });
    await sleep(2_000);
    await cluster.pauseReplay();
    await sleep(PAUSE_MS);
    const resumedAt = Date.now();
    await cluster.resumeReplay();
    row.recoverMs.push(await recovered(running.address, stories[0]!, resumedAt));
    await sleep(1_500);
    const tally = await load.stop();
    const side = {
      store: running.infra.store,
      base: running.address,
      caughtUp: () => running.projector.catchUp(),
    };
    await compareWithLog(side, stories, row, tally);
    row.note = `${tally.statuses.get(503) ?? 0} answers were 503`;
    return row;
  } finally {
    await system?.stop().catch(() => {});
    await cluster.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}
