import type { StoredEvent, TypedRead } from './port';

/**
 * How many events of the feed one readTypes call covers at most. A reader far behind (a reactor
 * after a long stop) reads on in stretches this long, each one short statement or request,
 * rather than one that scans to the head.
 */
export const TYPED_READ_STRETCH = 10_000;

/**
 * readTypes for a store that can only read the whole feed (memory, EventStoreDB): the next
 * stretch of the feed, of which the events of the given types are kept. What it saves there is
 * the reader's own work on the other events, not the read.
 */
export async function readTypesOfFeed(
  readAll: (after: number, limit: number) => Promise<StoredEvent[]>,
  after: number,
  limit: number,
  types: readonly string[],
  stretch = TYPED_READ_STRETCH,
): Promise<TypedRead> {
  const wanted = new Set(types);
  const feed = await readAll(after, stretch);
  const events: StoredEvent[] = [];
  for (const event of feed) {
    if (!wanted.has(event.type)) continue;
    events.push(event);
    if (events.length === limit) return { events, through: event.position, atHead: false };
  }
  return { events, through: feed.at(-1)?.position ?? after, atHead: feed.length < stretch };
}
