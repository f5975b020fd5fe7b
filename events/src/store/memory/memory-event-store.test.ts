import { describe } from 'vitest';
import { concurrentWritersContract, defaultPlan } from '../contract/concurrent-writers';
import { type ContractTarget, eventStoreContract } from '../contract/event-store-contract';
import { MemoryEventStore } from './memory-event-store';

async function openMemory(): Promise<ContractTarget> {
  const store = new MemoryEventStore();
  return { store, gapFreePositions: true, teardown: () => store.close() };
}

describe('in-memory event store: contract', () => {
  eventStoreContract(openMemory);
});

describe('in-memory event store: concurrent writers and live subscribers', () => {
  concurrentWritersContract(openMemory, { ...defaultPlan, events: 1_000, instances: 1, timeoutMs: 20_000 });
});
