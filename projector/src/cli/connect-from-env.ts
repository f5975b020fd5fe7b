import { PostgresPiiVault } from '@nocturne/events/pii';
import type { EventStore } from '@nocturne/events/store';
import { openEventStore } from '@nocturne/events/store/open';

export interface CliConnections {
  databaseUrl: string;
  store: EventStore;
  vault: PostgresPiiVault;
  close(): Promise<void>;
}

/**
 * The connections a projector command-line tool needs, from the same variables the services
 * read (design.md section 8): DATABASE_URL (required here: the read models, the vault and, by
 * default, the event store live there) and EVENTSTORE_URL (optional: EventStoreDB).
 */
export async function connectFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<CliConnections> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be set to the postgres:// URL of the database the product runs on');
  }
  const store = await openEventStore({ eventStoreUrl: env.EVENTSTORE_URL || undefined, databaseUrl });
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
