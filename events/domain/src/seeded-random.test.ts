import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, and others for another', () => {
    const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const next = seededRandom(42);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const n = next();
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
      buckets[Math.floor(n * 10)]++;
    }
    for (const count of buckets) expect(count).toBeGreaterThan(800);
  });
});
