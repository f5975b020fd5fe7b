import { PostgresEventStore } from '@nocturne/events/store/postgres';
import {
  createReadModelDb,
  migrateReadModel,
  ProjectionRunner,
  projections,
  rebuildReadModels,
} from '@nocturne/projector';
import { insertHistory } from '@nocturne/projector/runner/testing/insert-history';
import { mixedHistory } from '@nocturne/projector/runner/testing/mixed-history';
import { PostgresPiiVault } from '@nocturne/vault';
import { withBenchDatabase } from './bench-database';

export interface CatchUpResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** `npm run rebuild`'s work over the same events, beside the caught-up read model. */
  rebuildSeconds: number;
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
  eventCount = 1_000_000,
): Promise<CatchUpResult> {
  return withBenchDatabase(adminUrl, 'projector', async (databaseUrl) => {
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
      log(
        `projector: caught up ${history.count.toLocaleString('en')} events in ${seconds.toFixed(1)} s = ${Math.round(history.count / seconds).toLocaleString('en')} events/s`,
      );

      // The rebuild of the same events into a spare schema, swapped in (what `npm run rebuild` does).
      const rebuild = await rebuildReadModels({ databaseUrl, store, vault, projections });
      log(
        `rebuild: ${rebuild.events.toLocaleString('en')} events into a spare schema and swapped in, in ${rebuild.seconds.toFixed(1)} s`,
      );
      return {
        events: history.count,
        seconds,
        eventsPerSecond: history.count / seconds,
        rebuildSeconds: rebuild.seconds,
      };
    } finally {
      await db.destroy();
      await vault.close();
      await store.close();
    }
  });
}
