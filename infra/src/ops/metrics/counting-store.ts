import type { EventStore } from '@nocturne/events/store';
import { Counter, type Registry } from 'prom-client';
import { metricOnce } from './registry';

/**
 * The event store, counting what it appends: `nocturne_events_appended_total{type}` grows by
 * the events of every append the store accepted (its rate is appends per second). Everything
 * else is the store's own.
 */
export function countAppends(store: EventStore, registry: Registry): EventStore {
  const appended = metricOnce(
    registry,
    'nocturne_events_appended_total',
    () =>
      new Counter({
        name: 'nocturne_events_appended_total',
        help: 'Events appended to the event log by this process, by event type',
        labelNames: ['type'],
        registers: [registry],
      }),
  );
  return {
    get kind() {
      return store.kind;
    },
    // Every argument passed on as it came: naming them here once left out the guard, and made
    // every guarded append (a like, a view) unconditional.
    async append(...args) {
      const result = await store.append(...args);
      for (const event of args[1]) appended.inc({ type: event.type });
      return result;
    },
    readStream: (streamName) => store.readStream(streamName),
    readStreamTypes: (streamName, types) => store.readStreamTypes(streamName, types),
    readAll: (after, limit) => store.readAll(after, limit),
    readTypes: (after, limit, types) => store.readTypes(after, limit, types),
    subscribe: (options) => store.subscribe(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
