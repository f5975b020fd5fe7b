/**
 * One seeded generator (mulberry32): numbers in [0, 1), the same for the same seed. The demo's
 * pictures use it (the same story and slide always get the same picture), and so do the tests
 * (a failing run is made again from the seed it prints).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
