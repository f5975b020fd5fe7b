import type { PoolTimeouts } from '@nocturne/pg-kit';
import { EsdbEventStore } from './esdb/esdb-event-store';
import type { EventStore } from './port';
import { PostgresEventStore } from './postgres/postgres-event-store';

export interface OpenEventStoreOptions {
  /** `esdb://...` (EVENTSTORE_URL): the EventStoreDB adapter. Unset: the Postgres store. */
  eventStoreUrl?: string | undefined;
  /** DATABASE_URL: holds the Postgres store's tables when no EventStoreDB is configured. */
  databaseUrl: string;
  /** The Postgres store's pool timeouts (default: a request's). */
  timeouts?: PoolTimeouts | undefined;
}

const esdbUrl = /^esdb(\+discover)?:\/\//;

/** The event store the configuration asks for. */
export async function openEventStore(options: OpenEventStoreOptions): Promise<EventStore> {
  const url = options.eventStoreUrl?.trim();
  if (url) {
    if (!esdbUrl.test(url)) {
      throw new Error(
        `EVENTSTORE_URL must start with esdb:// or esdb+discover://, got ${url.split('//')[0]}//...`,
      );
    }
    return EsdbEventStore.connect(url);
  }
  return PostgresEventStore.connect({
    connectionString: options.databaseUrl,
    ...(options.timeouts && { timeouts: options.timeouts }),
  });
}
