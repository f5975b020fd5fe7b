import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { uniqueName } from '@nocturne/events/testing';
import { type RunningSystem, startSystem } from '../system/start-system';
import { type OwnNats, startOwnNats } from '../test-env/own-nats';
import { type OwnPostgres, startOwnPostgres } from '../test-env/own-postgres';
import { TEST_ADMIN_PASSWORD, testConfig } from '../test-env/test-config';
import { newRow, printTable, type Row, rowFailed } from './fault-row';
import { startLoad, type Tally } from './like-load';
import { CONNECTIONS, compareWithLog, publishLoadStories, type ReadSide, recovered } from './read-side';
import { primaryPromotedRow, replicaPausedRow } from './replica-faults';
import { splitRows } from './split-faults';

/**
 * The fault suite (`npm run test:faults`): the whole product in one process on a PostgreSQL and
 * a NATS server of its own, under a load of likes (each with an Idempotency-Key, so that every
 * acknowledged like can be looked up in the log by its event id) and of reads after their own
 * writes, while the faults are made: PostgreSQL killed (every process at once, SIGKILL), the
 * projector killed (its catch-up as a process of its own, SIGKILL), NATS stopped and started,
 * PostgreSQL stalled (SIGSTOP), and clients that start an upload and send nothing more; then
 * split mode on the same log, its leading projector and its command-api processes SIGKILLed
 * (split-faults.ts); and on a replicated PostgreSQL, the replica's replay paused under the
 * product's reads, and the primary killed and its synchronous standby promoted
 * (replica-faults.ts). After
 * each fault, the read side is compared with the log: every story's likes as served (at the
 * position the projector reached) against the likes the log holds. It prints one table and
 * exits 1 if a number that must be 0 is not.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const projectCli = join(repoRoot, 'projector/src/cli/project.ts');
/** The single process's read side: its own projector, caught up on demand. */
const sideOf = (system: RunningSystem): ReadSide => ({
  store: system.infra.store,
  base: system.address,
  caughtUp: () => system.projector.catchUp(),
});

/** Waits for the store to answer again after a restart. */
async function storeAnswers(system: RunningSystem): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      await system.infra.store.headPosition();
      return;
    } catch {
      await sleep(100);
    }
  }
}

async function postgresKilled(
  system: RunningSystem,
  database: OwnPostgres,
  stories: string[],
  perSecond: number,
): Promise<Row> {
  const row = newRow('PostgreSQL SIGKILL (all processes)', 5);
  let rate = 0;
  for (let i = 0; i < row.times; i++) {
    const load = await startLoad({ base: system.address, stories, perSecond, connections: CONNECTIONS });
    const began = Date.now();
    await sleep(3_000);
    const before = load.acknowledged();
    rate += before / ((Date.now() - began) / 1000);
    const killedAt = Date.now();
    await database.kill();
    await sleep(500);
    await database.restart();
    row.recoverMs.push(await recovered(system.address, stories[0]!, killedAt));
    await sleep(1_000);
    const tally = await load.stop();
    await storeAnswers(system);
    await compareWithLog(sideOf(system), stories, row, tally);
  }
  row.note = `${Math.round(rate / row.times)} likes/s acknowledged before each kill`;
  return row;
}

/** The projector as a process of its own (its catch-up), SIGKILLed while likes come in. */
async function projectorKilled(
  system: RunningSystem,
  databaseUrl: string,
  stories: string[],
  perSecond: number,
): Promise<Row> {
  const row = newRow('projector SIGKILL', 20);
  await system.projector.stop();
  const load = await startLoad({ base: system.address, stories, perSecond, connections: CONNECTIONS });
  const began = Date.now();
  let killed = 0;
  let runs = 0;
  try {
    // Until 20 kills have landed in a running catch-up (a run that finds nothing to do exits
    // before it can be killed: it is run again once more likes have come in).
    while (killed < row.times && runs < row.times * 4) {
      runs += 1;
      await sleep(300);
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', projectCli, '--database-url', databaseUrl, '--batch-size', '10', '--progress'],
        { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Killed at its first committed batch, or a moment after: reading, writing or committing.
      await new Promise<void>((resolve) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('projected')) resolve();
        });
        void exited.then(() => resolve());
      });
      await sleep(randomInt(0, 10));
      if (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')) killed += 1;
      await exited;
    }
  } catch (error) {
    await load.stop();
    throw error;
  }
  const restartedAt = Date.now();
  system.projector.start();
  const tally = await load.stop();
  await system.projector.catchUp();
  row.recoverMs.push(Date.now() - restartedAt);
  await compareWithLog(sideOf(system), stories, row, tally);
  row.times = killed;
  const rate = Math.round(tally.acked.length / ((Date.now() - began) / 1000));
  row.note = `${killed} kills landed in a running catch-up, in ${runs} runs; ${rate} likes/s acknowledged`;
  return row;
}

/**
 * A service taken down for a while under the load of likes, then brought back: the time to
 * recover counts from its return. Returns the load's tally, already compared with the log.
 */
async function underOutage(
  system: RunningSystem,
  stories: string[],
  perSecond: number,
  row: Row,
  outage: { down: () => Promise<void>; downMs: number; up: () => Promise<void> },
): Promise<Tally> {
  const load = await startLoad({ base: system.address, stories, perSecond, connections: CONNECTIONS });
  await sleep(1_500);
  await outage.down();
  await sleep(outage.downMs);
  const upAt = Date.now();
  await outage.up();
  row.recoverMs.push(await recovered(system.address, stories[0]!, upAt));
  await sleep(1_500);
  const tally = await load.stop();
  await compareWithLog(sideOf(system), stories, row, tally);
  return tally;
}

async function natsStopped(
  system: RunningSystem,
  nats: OwnNats,
  stories: string[],
  perSecond: number,
): Promise<Row> {
  const row = newRow('NATS stopped and started', 3);
  let refusedReads = 0;
  for (let i = 0; i < row.times; i++) {
    const outage = { down: () => nats.stop(), downMs: 3_000, up: () => nats.start() };
    const tally = await underOutage(system, stories, perSecond, row, outage);
    refusedReads += tally.statuses.get(503) ?? 0;
  }
  row.note = `${refusedReads} answers were 503`;
  return row;
}

async function postgresStalled(
  system: RunningSystem,
  database: OwnPostgres,
  stories: string[],
  perSecond: number,
): Promise<Row> {
  const row = newRow('PostgreSQL stalled 10 s (SIGSTOP)', 1);
  const outage = { down: () => database.stall(), downMs: 10_000, up: () => database.resume() };
  const tally = await underOutage(system, stories, perSecond, row, outage);
  row.note = `${tally.statuses.get(503) ?? 0} answers were 503`;
  return row;
}

/** Clients that start a 10 MB upload and send nothing more, while a story is published. */
async function slowClients(system: RunningSystem): Promise<Row> {
  const row = newRow('stalled upload clients', 4);
  const port = Number(new URL(system.address).port);
  const stalled: Socket[] = [];
  const startedAt = Date.now();
  for (let i = 0; i < row.times; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/stories HTTP/1.1\r\nHost: x\r\nX-Admin-Code: ${TEST_ADMIN_PASSWORD}\r\nX-Forwarded-For: 10.99.0.${i + 1}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 10000000\r\n\r\n--b\r\n' +
        'Content-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    stalled.push(socket);
  }
  await sleep(500);
  // A real publish meanwhile: it waits for a slot, which the stalled clients hold until cut.
  const form = new FormData();
  const sharp = (await import('sharp')).default;
  for (const colour of ['red', 'blue']) {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .png()
      .toBuffer();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${colour}.png`);
    form.append('texts', `A ${colour} slide.`);
  }
  form.append('isPremium', 'false');
  const published = await fetch(`${system.address}/api/stories`, {
    method: 'POST',
    headers: { 'X-Admin-Code': TEST_ADMIN_PASSWORD, 'X-Forwarded-For': '10.98.0.1' },
    body: form,
    signal: AbortSignal.timeout(120_000),
  }).catch(() => undefined);
  row.recoverMs.push(Date.now() - startedAt);
  if (published?.status !== 201) {
    row.other5xx += 1;
    row.errors.set(`publish answered ${published?.status ?? 'nothing'}`, 1);
  }
  row.note = `publish answered ${published?.status ?? 'nothing'}; stalled sockets cut: ${stalled.filter((s) => s.destroyed || s.readableEnded).length}/${row.times}`;
  for (const socket of stalled) socket.destroy();
  return row;
}

async function main(): Promise<number> {
  const perSecond = Number(process.env.FAULTS_LIKES_PER_SECOND ?? 1000);
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[faults] ${((Date.now() - started) / 1000).toFixed(0)} s: ${line}`);
  const database = await startOwnPostgres('faults');
  const nats = await startOwnNats();
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-faults-data-'));
  let system: RunningSystem | undefined;
  try {
    // The server's error lines are printed: a 5xx in the table is then found in them.
    const config = {
      ...testConfig({
        databaseUrl: database.url,
        natsUrl: nats.url,
        natsSubjectPrefix: uniqueName('faults'),
        dataDir,
      }),
      logLevel: 'error' as const,
    };
    system = await startSystem(config, { log: () => {}, logError: () => {}, host: '127.0.0.1' });
    const stories = await publishLoadStories(system.infra.store);
    await system.projector.catchUp();
    log(`product up on its own PostgreSQL and NATS; likes at ${perSecond}/s asked`);
    const rows: Row[] = [];
    rows.push(await postgresKilled(system, database, stories, perSecond));
    log('PostgreSQL kills done');
    rows.push(await projectorKilled(system, database.url, stories, perSecond));
    log('projector kills done');
    rows.push(await natsStopped(system, nats, stories, perSecond));
    log('NATS stops done');
    rows.push(await postgresStalled(system, database, stories, perSecond));
    log('PostgreSQL stall done');
    rows.push(await slowClients(system));
    log('slow clients done');
    // Split mode on the same log, once the single process has let go of it.
    await system.stop();
    system = undefined;
    rows.push(
      ...(await splitRows({ databaseUrl: database.url, natsUrl: nats.url, stories, perSecond, log })),
    );
    rows.push(await replicaPausedRow({ natsUrl: nats.url, perSecond, log }));
    log('replica pause done');
    rows.push(await primaryPromotedRow({ natsUrl: nats.url, perSecond, log }));
    log('primary promotion done');
    printTable(rows);
    for (const row of rows.filter((r) => r.errors.size > 0))
      log(`${row.fault}: ${[...row.errors].map(([kind, n]) => `${n} × ${kind}`).join(', ')}`);
    const failed = rows.some(rowFailed);
    log(failed ? 'FAILED' : 'passed');
    return failed ? 1 : 0;
  } finally {
    await system?.stop().catch(() => {});
    await nats.stop();
    await database.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
