import type { EventStore } from './port';

/**
 * The store as a history made on purpose in the past sees it: every append is recorded at the
 * given clock's time instead of the store's. Only the demo library uses it, to lay out twelve
 * months of accounts, purchases and grants through the ordinary commands; the product's own
 * appends always carry the store's time. Its clock must only move forward, so that record times
 * follow positions as they do in a live log.
 */
export function backdatedStore(store: EventStore, clock: () => Date): EventStore {
  return {
    kind: store.kind,
    append(streamName, events, expected, guard) {
      const recordedAt = clock();
      return store.append(
        streamName,
        events.map((event) => ({ ...event, recordedAt })),
        expected,
        guard,
      );
    },
    readStream: (name) => store.readStream(name),
    readStreamTypes: (name, types) => store.readStreamTypes(name, types),
    readAll: (after, limit) => store.readAll(after, limit),
    readTypes: (after, limit, types) => store.readTypes(after, limit, types),
    subscribe: (options) => store.subscribe(options),
    headPosition: () => store.headPosition(),
    // The store is the caller's: it closes it.
    close: async () => {},
  };
}
