import { randomBytes } from 'node:crypto';
import { PostgresPiiVault } from '@nocturne/events/pii';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { createReadModelDb, migrateReadModel, ProjectionRunner, projections } from '@nocturne/projector';
import { insertHistory } from '@nocturne/projector/runner/testing/insert-history';
import { mixedHistory } from '@nocturne/projector/runner/testing/mixed-history';
import pg from 'pg';

/**
 * Drops the bench database once its pools have let go of it. FORCE only as a last resort: a
 * pool whose connection is terminated by it while closing reports an error nobody listens to.
 */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await admin.query(`drop database if exists "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
}

export interface CatchUpResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/**
 * The projector's catch-up rate: seeds a fresh database with a realistic history of
 * `eventCount` events (bulk INSERT into es_events with the positions and revisions appends
 * would have given; the append path is measured by the store bench), then times one
 * ProjectionRunner catching every real projection up from position 0, as after a deploy with a
 * new projection or a rebuild. `adminUrl` is any database of the server whose user may create
 * databases; the bench creates its own and drops it afterwards.
 */
export async function benchProjectorCatchUp(
  adminUrl: string,
  log: (line: string) => void,
  eventCount = 200_000,
): Promise<CatchUpResult> {
  const name = `nt_bench_projector_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    const vault = await PostgresPiiVault.connect(databaseUrl);
    const db = createReadModelDb(databaseUrl, undefined, 4);
    try {
      let started = performance.now();
      const history = await mixedHistory(vault, eventCount, 42);
      const head = await insertHistory(databaseUrl, history);
      for (const subject of history.destroyedSubjects) await vault.destroy(subject);
      await migrateReadModel(databaseUrl);
      log(
        `projector: seeded ${history.count.toLocaleString('en')} events (${history.appends.length.toLocaleString('en')} appends) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );

      let nextReport = head / 10;
      started = performance.now();
      const runner = new ProjectionRunner({
        store,
        db,
        vault,
        projections,
        batchSize: 1000,
        onBatch: (position) => {
          if (position < nextReport) return;
          nextReport += head / 10;
          const seconds = (performance.now() - started) / 1000;
          log(
            `projector: ${position.toLocaleString('en')}/${head.toLocaleString('en')} events, ${Math.round(position / seconds).toLocaleString('en')} events/s`,
          );
        },
      });
      const reached = await runner.catchUp(head);
      const seconds = (performance.now() - started) / 1000;
      if (reached !== head) throw new Error(`the runner stopped at ${reached} of ${head}`);
      return { events: history.count, seconds, eventsPerSecond: history.count / seconds };
    } finally {
      await db.destroy();
      await vault.close();
      await store.close();
    }
  } finally {
    await dropDatabase(admin, name);
    await admin.end();
  }
}
