import { describe, expect, it } from 'vitest';
import { growingCache } from './growing-cache';

describe('growingCache', () => {
  it('holds at most its entries, the least recently used going first', () => {
    const cache = growingCache<number>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    cache.get('a');
    cache.set('d', 1);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
  });

  it('allocates no entry up front: it is bounded by size, not by max', () => {
    const cache = growingCache<number>(4000);
    expect(cache.max).toBe(0);
    expect(cache.maxSize).toBe(4000);
  });
});
