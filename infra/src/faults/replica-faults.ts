import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { uniqueName } from '@nocturne/events/testing';
import { migrateReadModel } from '@nocturne/projector';
import { type RunningSystem, startSystem } from '../system/start-system';
import {
  canReplicate,
  type ReplicatedPostgres,
  startReplicatedPostgres,
} from '../test-env/replicated-postgres';
import { testConfig } from '../test-env/test-config';
import { newRow, type Row } from './fault-row';
import { startLoad } from './like-load';
import { CONNECTIONS, compareWithLog, publishLoadStories, recovered } from './read-side';

/** How long the replica stops replaying. */
const PAUSE_MS = 10_000;

/** The product on a replicated PostgreSQL of its own, holding the load's stories. */
async function productOn(
  databaseUrl: string,
  readDatabaseUrl: string | undefined,
  natsUrl: string,
  dataDir: string,
): Promise<{ system: RunningSystem; stories: string[] }> {
  // The read models' tables come to a replica from the primary's migration.
  await migrateReadModel(databaseUrl);
  const system = await startSystem(
    {
      ...testConfig({
        databaseUrl,
        ...(readDatabaseUrl ? { readDatabaseUrl } : {}),
        natsUrl,
        natsSubjectPrefix: uniqueName('faults-replicated'),
        dataDir,
      }),
      logLevel: 'error' as const,
    },
    { log: () => {}, logError: () => {}, host: '127.0.0.1' },
  );
  const stories = await publishLoadStories(system.infra.store);
  await system.projector.catchUp();
  return { system, stories };
}

/** Runs a row on a replicated PostgreSQL of its own, removed afterwards. */
async function onCluster(
  row: Row,
  options: { synchronous: boolean },
  run: (cluster: ReplicatedPostgres, dataDir: string) => Promise<RunningSystem | undefined>,
): Promise<Row> {
  if (!canReplicate()) {
    row.times = 0;
    row.note = 'not run: no pg_basebackup on this machine';
    return row;
  }
  const cluster = await startReplicatedPostgres({ synchronous: options.synchronous });
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-faults-replica-'));
  let system: RunningSystem | undefined;
  try {
    system = await run(cluster, dataDir);
    return row;
  } finally {
    await system?.stop().catch(() => {});
    await cluster.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const sideOf = (system: RunningSystem) => ({
  store: system.infra.store,
  base: system.address,
  caughtUp: () => system.projector.catchUp(),
});

/**
 * The read replica's replay paused for 10 s under the load: the product with query-api on a
 * streaming replica (READ_DATABASE_URL) that the suite makes from the machine's PostgreSQL
 * binaries. While it is paused, a read after the load's own write waits for the replica, falls
 * back to the primary within its wait, or answers 503: never older than the write. The row
 * counts the reads that were (the load checks each answer's X-Projected-Position against the
 * X-Min-Position it sent), besides lost likes and the rebuild comparison.
 */
export function replicaPausedRow(options: {
  natsUrl: string;
  perSecond: number;
  log: (line: string) => void;
}) {
  const row = newRow('read replica replay paused 10 s (READ_DATABASE_URL)', 1);
  return onCluster(row, { synchronous: false }, async (cluster, dataDir) => {
    const { system, stories } = await productOn(
      cluster.primaryUrl,
      cluster.replicaUrl,
      options.natsUrl,
      dataDir,
    );
    options.log('product up with its read models on a streaming replica');
    const load = await startLoad({
      base: system.address,
      stories,
      perSecond: options.perSecond,
      connections: CONNECTIONS,
    });
    await sleep(2_000);
    await cluster.pauseReplay();
    await sleep(PAUSE_MS);
    const resumedAt = Date.now();
    await cluster.resumeReplay();
    row.recoverMs.push(await recovered(system.address, stories[0]!, resumedAt));
    await sleep(1_500);
    const tally = await load.stop();
    await compareWithLog(sideOf(system), stories, row, tally);
    row.note = `${tally.statuses.get(503) ?? 0} answers were 503`;
    return system;
  });
}

/**
 * The primary SIGKILLed under the load, with a synchronous standby that is then promoted: the
 * product reaches the database through one multi-host connection string
 * (target_session_attrs=read-write), so it finds the new primary by itself. Every acknowledged
 * like must be in the new primary's log; while no primary answers, 503s only.
 */
export function primaryPromotedRow(options: {
  natsUrl: string;
  perSecond: number;
  log: (line: string) => void;
}) {
  const row = newRow('primary SIGKILL, synchronous standby promoted', 1);
  return onCluster(row, { synchronous: true }, async (cluster, dataDir) => {
    const port = (url: string) => new URL(url).port;
    const both = `postgres://postgres@127.0.0.1:${port(cluster.primaryUrl)},127.0.0.1:${port(cluster.replicaUrl)}/postgres?target_session_attrs=read-write`;
    const { system, stories } = await productOn(both, undefined, options.natsUrl, dataDir);
    options.log('product up on a primary with a synchronous standby');
    const load = await startLoad({
      base: system.address,
      stories,
      perSecond: options.perSecond,
      connections: CONNECTIONS,
    });
    await sleep(3_000);
    const before = load.acknowledged();
    const killedAt = Date.now();
    await cluster.killPrimary();
    await cluster.promoteReplica();
    row.recoverMs.push(await recovered(system.address, stories[0]!, killedAt));
    await sleep(1_500);
    const tally = await load.stop();
    await compareWithLog(sideOf(system), stories, row, tally);
    row.note = `${Math.round(before / 3)} likes/s acknowledged before the kill; ${tally.statuses.get(503) ?? 0} answers were 503`;
    return system;
  });
}
