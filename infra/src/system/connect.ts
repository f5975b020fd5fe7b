import { type EventLogBrowser, type EventStore, ScanningLogBrowser } from '@nocturne/events/store';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { connectSecurity, type PostgresSecurity } from '@nocturne/http-kit/security';
import { NatsNotifier, type Notifier, PostgresNotifier } from '@nocturne/notify';
import { BACKGROUND_POOL_TIMEOUTS } from '@nocturne/pg-kit';
import { createReadModelDb, LIVE_SCHEMA, type ReadModel } from '@nocturne/projector';
import { PostgresPiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config';
import { migrateToAddressKey } from '../erasure/address-key-migration';
import { IntegrityJobs } from '../integrity/integrity-jobs';
import { withoutPassword } from '../ops/logging/redact';
import { countAppends } from '../ops/metrics';
import { checkServerDurability } from './server-durability';

export interface Infrastructure {
  store: EventStore;
  /** The auditor's event browser: the PostgreSQL store's tables, or a scan of the log elsewhere. */
  logBrowser: EventLogBrowser;
  vault: PostgresPiiVault;
  notifier: Notifier;
  /** The read models, for the requests' queries (statements bounded as a request's). */
  db: Kysely<ReadModel>;
  /**
   * The read models as query-api reads them: READ_DATABASE_URL's replica when set (its own
   * checkpoints say how far it has replayed), else the same pool as `db`.
   */
  readDb: Kysely<ReadModel>;
  /** The read models, for the projector's batches (its own connections and statement bound). */
  projectionDb: Kysely<ReadModel>;
  /** Rate-limit counters and admin sessions, shared by every process (schema `security`). */
  security: PostgresSecurity;
  /** The integrity checks the panel starts and polls (the log's chain, the read models). */
  integrity: IntegrityJobs;
  close(): Promise<void>;
}

/** NATS when NATS_URL is set and answers; otherwise LISTEN/NOTIFY on the shared database. */
async function connectNotifier(config: AppConfig, log: (line: string) => void): Promise<Notifier> {
  if (config.natsUrl) {
    try {
      return await NatsNotifier.connect(config.natsUrl, config.natsSubjectPrefix);
    } catch (error) {
      log(
        `NATS at ${withoutPassword(config.natsUrl)} does not answer (${String(error)}); using the PostgreSQL notify fallback`,
      );
    }
  }
  return PostgresNotifier.connect(config.databaseUrl, config.natsSubjectPrefix.replace(/-/g, '_'));
}

/** A log from before readStreamTypes's index gets it in the background: said when the build ends. */
function sayHowTheIndexBuildEnds(store: PostgresEventStore, log: (line: string) => void): void {
  void store.streamTypeIndex.then((outcome) => {
    if (outcome.state === 'built') {
      log(
        `event store: index of streams by type built in ${outcome.seconds.toFixed(1)} s (a one-time upgrade)`,
      );
    } else if (outcome.state === 'failed') {
      log(
        `event store: the index of streams by type failed to build (${String(outcome.error)}); the next start tries again`,
      );
    }
  });
}

async function connectStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { openEventStore } = await import('@nocturne/events/store/open');
    return openEventStore({ eventStoreUrl: config.eventStoreUrl, databaseUrl: config.databaseUrl });
  }
  return PostgresEventStore.connect({ connectionString: config.databaseUrl, hashChain: config.hashChain });
}

/**
 * Refuses a PostgreSQL whose fsync is off unless the operator allows it (server-durability.ts),
 * opens every connection a service needs, and moves the address claims to the vault's address
 * key if they are not yet (address-key-migration.ts). The read-model schema must be migrated
 * first. With the process's metrics registry, the store counts what it appends.
 */
export async function connectInfrastructure(
  config: AppConfig,
  log: (line: string) => void,
  clock: () => Date = () => new Date(),
  metrics?: Registry,
): Promise<Infrastructure> {
  await checkServerDurability(config.databaseUrl, config.allowFsyncOff, log);
  const connected = await connectStore(config);
  if (connected instanceof PostgresEventStore) sayHowTheIndexBuildEnds(connected, log);
  const store = metrics ? countAppends(connected, metrics) : connected;
  const vault = await PostgresPiiVault.connect(config.databaseUrl);
  await migrateToAddressKey(store, vault, log);
  const notifier = await connectNotifier(config, log);
  const db = createReadModelDb(config.databaseUrl);
  const readDb =
    config.readDatabaseUrl === config.databaseUrl ? db : createReadModelDb(config.readDatabaseUrl);
  // A pool opens its connections when first used: a process without the projector opens none.
  const projectionDb = createReadModelDb(config.databaseUrl, LIVE_SCHEMA, 4, BACKGROUND_POOL_TIMEOUTS);
  const security = await connectSecurity(config.databaseUrl, clock);
  const integrity = new IntegrityJobs({
    databaseUrl: config.databaseUrl,
    eventStoreUrl: config.eventStoreUrl,
    store,
    vault,
  });
  return {
    store,
    logBrowser:
      connected instanceof PostgresEventStore ? connected.logBrowser() : new ScanningLogBrowser(connected),
    vault,
    notifier,
    db,
    readDb,
    projectionDb,
    security,
    integrity,
    async close() {
      await integrity.close();
      await security.close();
      await notifier.close();
      await db.destroy();
      if (readDb !== db) await readDb.destroy();
      await projectionDb.destroy();
      await vault.close();
      await store.close();
    },
  };
}
