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
    async append(streamName, events, expected) {
      const result = await store.append(streamName, events, expected);
      for (const event of events) appended.inc({ type: event.type });
      return result;
    },
    readStream: (streamName) => store.readStream(streamName),
    readAll: (after, limit) => store.readAll(after, limit),
    subscribe: (options) => store.subscribe(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
