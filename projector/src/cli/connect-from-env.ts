import { type EventStore, PostgresEventStore, PostgresPiiVault } from '@nocturne/events';

export interface CliConnections {
  databaseUrl: string;
  store: EventStore;
  vault: PostgresPiiVault;
  close(): Promise<void>;
}

/** The EventStoreDB adapter's opener, loaded only when EVENTSTORE_URL asks for it. */
interface EventStoreOpener {
  openEventStore(options: { eventStoreUrl: string; databaseUrl: string }): Promise<EventStore>;
}
const esdbOpenerModule = '@nocturne/events/store/open-event-store';

/**
 * The connections a projector command-line tool needs, from the same variables the services
 * read (design.md section 8): DATABASE_URL (required here: the read models, the vault and, by
 * default, the event store live there) and EVENTSTORE_URL (optional).
 */
export async function connectFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<CliConnections> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be set to the postgres:// URL of the database the product runs on');
  }
  const eventStoreUrl = env.EVENTSTORE_URL || undefined;
  const store = eventStoreUrl
    ? await ((await import(esdbOpenerModule)) as EventStoreOpener).openEventStore({
        eventStoreUrl,
        databaseUrl,
      })
    : await PostgresEventStore.connect({ connectionString: databaseUrl });
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
