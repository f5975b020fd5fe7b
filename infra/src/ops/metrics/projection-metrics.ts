import type { EventStore } from '@nocturne/events/store';
import type { ReadModel } from '@nocturne/projector';
import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';

export interface ProjectionSource {
  db: Kysely<ReadModel>;
  store: EventStore;
  /** The projections this process runs (their checkpoint rows). */
  names: readonly string[];
  onError?: (error: unknown) => void;
}

interface Snapshot {
  head: number;
  checkpoints: { name: string; position: number }[];
}

/**
 * Each projection's checkpoint (`nocturne_projection_position{projection}`) and how many
 * positions it is behind the head of the event log (`nocturne_projection_lag{projection}`),
 * read when scraped: the checkpoints the projector commits with its rows, against the store's
 * head. When they cannot be read, the series are left out of that scrape rather than stale.
 */
export function trackProjections(registry: Registry, source: ProjectionSource): void {
  // The registry collects its metrics side by side: both gauges share one read per scrape.
  let reading: Promise<Snapshot | undefined> | undefined;
  const read = () => {
    reading ??= load(source).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  new Gauge({
    name: 'nocturne_projection_position',
    help: "The projection's checkpoint: the last event-log position it has applied",
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      const snapshot = await read();
      this.reset();
      for (const { name, position } of snapshot?.checkpoints ?? []) this.set({ projection: name }, position);
    },
  });
  new Gauge({
    name: 'nocturne_projection_lag',
    help: 'Positions of the event log not yet applied by the projection (head - checkpoint)',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      const snapshot = await read();
      this.reset();
      for (const { name, position } of snapshot?.checkpoints ?? [])
        this.set({ projection: name }, Math.max(0, snapshot!.head - position));
    },
  });
}

async function load(source: ProjectionSource): Promise<Snapshot | undefined> {
  try {
    // The checkpoints first: a head read after them is never below them (lag >= 0).
    const rows = await source.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'in', [...source.names])
      .execute();
    const head = await source.store.headPosition();
    return { head, checkpoints: rows.map((r) => ({ name: r.name, position: Number(r.position) })) };
  } catch (error) {
    source.onError?.(error);
    return undefined;
  }
}
