import { describe } from 'vitest';
import { concurrentWritersContract } from '../contract/concurrent-writers';
import { type ContractTarget, eventStoreContract } from '../contract/event-store-contract';
import { EsdbEventStore } from './esdb-event-store';

/**
 * EventStoreDB runs when the test environment found one (EVENTSTORE_URL, or a container started
 * by testcontainers; see infra/src/test-env). Otherwise the whole suite is reported as skipped,
 * with the reason in its title.
 */
const url = process.env.TEST_EVENTSTORE_URL || undefined;

async function openEsdb(): Promise<ContractTarget> {
  const store = await EsdbEventStore.connect(url!);
  // The database is shared and keeps earlier runs: every test writes to streams of its own.
  return {
    store,
    gapFreePositions: false,
    connectWriter: () => EsdbEventStore.connect(url!),
    teardown: () => store.close(),
  };
}

if (url) {
  describe('EventStoreDB event store: contract', () => {
    eventStoreContract(openEsdb);
  });
  describe('EventStoreDB event store: concurrent writers and live subscribers', () => {
    concurrentWritersContract(openEsdb);
  });
} else {
  const reason = 'EventStoreDB: skipped — no EVENTSTORE_URL and no container runtime';
  console.log(`[esdb] ${reason} (${process.env.TEST_SERVICES_DESCRIPTION ?? 'test environment unknown'})`);
  describe.skip(reason, () => {
    describe('contract', () => {
      eventStoreContract(openEsdb);
    });
    describe('concurrent writers and live subscribers', () => {
      concurrentWritersContract(openEsdb);
    });
  });
}
