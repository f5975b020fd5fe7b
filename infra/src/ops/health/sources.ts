import type { EventStore } from '@nocturne/events/store';
import { projectionStatus, type ReadModel, reactorFailures } from '@nocturne/projector';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { ReadinessSources } from './readiness';

/**
 * The readiness sources of any process that holds the read-model database and the event store
 * (one process, or each split-mode back end): all state is in the database, so each of them
 * tells the same, whichever process stopped or fell behind.
 */
export function readinessSources(db: Kysely<ReadModel>, store: EventStore): ReadinessSources {
  return {
    async database() {
      await sql`select 1`.execute(db);
    },
    projections: () => projectionStatus(db, store),
    mail: () => reactorFailures((text, values) => db.executeQuery(CompiledQuery.raw(text, values))),
  };
}
