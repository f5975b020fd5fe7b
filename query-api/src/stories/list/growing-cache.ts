import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of at most `entries` entries whose memory grows as it fills. lru-cache's `max`
 * allocates its arrays for every entry up front, which for a few thousand entries costs far more
 * than the few reads a list snapshot gets: a snapshot is replaced after every projector batch and
 * is often read only once. Bounded by size instead, each entry of size 1, the cache allocates
 * nothing up front and holds the same number of entries at most.
 *
 * @example
 *   const answers = growingCache<PreparedAnswer>(4000); // made on a snapshot's first read
 */
export function growingCache<V extends {}>(entries: number): LRUCache<string, V> {
  return new LRUCache<string, V>({ maxSize: entries, sizeCalculation: () => 1 });
}
