import type { EventStore, StoredEvent, SubscribeOptions, TypedRead } from '@nocturne/events/store';

/**
 * A read-only view of a store that ends at `cap`: a runner over it catches up to exactly that
 * position and no further, so a shadow read model can be stopped where the live one stands.
 */
export class CappedStore implements EventStore {
  cap = 0;

  constructor(private readonly inner: EventStore) {}

  get kind() {
    return this.inner.kind;
  }

  append(): never {
    throw new Error('a capped store is read-only');
  }

  readStream(streamName: string): Promise<StoredEvent[]> {
    return this.inner.readStream(streamName);
  }

  readStreamTypes(streamName: string, types: readonly string[]): Promise<StoredEvent[]> {
    return this.inner.readStreamTypes(streamName, types);
  }

  async readAll(after: number, limit: number): Promise<StoredEvent[]> {
    if (after >= this.cap) return [];
    const events = await this.inner.readAll(after, limit);
    return events.filter((e) => e.position <= this.cap);
  }

  async readTypes(after: number, limit: number, types: readonly string[]): Promise<TypedRead> {
    if (after >= this.cap) return { events: [], through: after, atHead: true };
    const read = await this.inner.readTypes(after, limit, types);
    const events = read.events.filter((e) => e.position <= this.cap);
    const through = Math.min(read.through, this.cap);
    return { events, through, atHead: read.atHead || through >= this.cap };
  }

  subscribe(_options: SubscribeOptions): AsyncIterable<StoredEvent> {
    throw new Error('a capped store is read in batches only');
  }

  async headPosition(): Promise<number> {
    return Math.min(this.cap, await this.inner.headPosition());
  }

  async close(): Promise<void> {}
}
