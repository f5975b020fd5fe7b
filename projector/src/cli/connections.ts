import type { EventStore } from '@nocturne/events/store';
import { openEventStore } from '@nocturne/events/store/open';
import { MAINTENANCE_POOL_TIMEOUTS } from '@nocturne/pg-kit';
import { PostgresPiiVault } from '@nocturne/vault';

/** Where a projector tool connects: infra's configuration (or a test) says, never the environment. */
export interface CliSettings {
  /** The database the product runs on: the read models, the vault and, by default, the events. */
  databaseUrl: string;
  /** EventStoreDB when given (EVENTSTORE_URL); else the PostgreSQL event store. */
  eventStoreUrl?: string | undefined;
}

export interface CliConnections {
  databaseUrl: string;
  store: EventStore;
  vault: PostgresPiiVault;
  close(): Promise<void>;
}

/** The connections a projector command-line tool needs. */
export async function openCliConnections(settings: CliSettings): Promise<CliConnections> {
  const { databaseUrl } = settings;
  // A tool reads the log in catch-up batches, which a loaded machine can take longer to answer
  // than a request may wait.
  const store = await openEventStore({
    eventStoreUrl: settings.eventStoreUrl || undefined,
    databaseUrl,
    timeouts: MAINTENANCE_POOL_TIMEOUTS,
  });
  const vault = await PostgresPiiVault.connect(databaseUrl);
  return {
    databaseUrl,
    store,
    vault,
    async close() {
      await vault.close();
      await store.close();
    },
  };
}
