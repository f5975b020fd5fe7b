import type { EventStore, StoredEvent } from '@nocturne/events/store';

/**
 * The store as EventStoreDB would serve a text that PostgreSQL cannot hold:
 * the event at `position` comes back with a NUL character in every `text` of its data (a story's
 * slide texts), which its schema allows and PostgreSQL refuses. Every other method is the real
 * store's.
 */
export function poisonedStore(store: EventStore, position: number): EventStore {
  const poison = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(poison);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          k === 'text' && typeof v === 'string' ? `${v}\u0000` : poison(v),
        ]),
      );
    }
    return value;
  };
  const read = (events: StoredEvent[]) =>
    events.map((e) => (e.position === position ? { ...e, data: poison(e.data) } : e));
  return {
    kind: store.kind,
    append: (...args) => store.append(...args),
    readStream: async (name) => read(await store.readStream(name)),
    readStreamTypes: async (name, types) => read(await store.readStreamTypes(name, types)),
    readAll: async (after, limit) => read(await store.readAll(after, limit)),
    readTypes: async (after, limit, types) => {
      const typed = await store.readTypes(after, limit, types);
      return { ...typed, events: read(typed.events) };
    },
    subscribe: (options) => store.subscribe(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
