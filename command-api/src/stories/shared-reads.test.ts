import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads';

/** A source whose value the test changes and whose reads it completes by hand. */
function manualSource() {
  let value = 'published';
  const reads: { key: string; seen: string; finish: () => void }[] = [];
  const owner = {};
  const shared = new SharedReads<object, string>(
    (_owner, key) =>
      new Promise((resolve) => {
        const seen = value; // the read's snapshot is taken when it starts
        reads.push({ key, seen, finish: () => resolve(seen) });
      }),
  );
  return { owner, shared, reads, set: (v: string) => (value = v) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedReads', () => {
  it('callers that arrive during a read join the one read that starts after it', async () => {
    const { owner, shared, reads } = manualSource();
    const first = shared.get(owner, 's1');
    const during = [1, 2, 3].map(() => shared.get(owner, 's1'));
    const other = shared.get(owner, 's2');
    await tick();
    expect(reads.map((r) => r.key)).toEqual(['s1', 's2']);
    reads[0]!.finish();
    expect(await first).toBe('published');
    await tick();
    expect(reads.map((r) => r.key)).toEqual(['s1', 's2', 's1']); // one read for the three
    reads[2]!.finish();
    reads[1]!.finish();
    expect(await Promise.all([...during, other])).toEqual([
      'published',
      'published',
      'published',
      'published',
    ]);
  });

  it('never answers a caller from a read that began before it: a change in between is seen', async () => {
    const { owner, shared, reads, set } = manualSource();
    const before = shared.get(owner, 's1');
    await tick();
    set('deleted'); // acknowledged while the first read is in flight
    const after = shared.get(owner, 's1');
    reads[0]!.finish();
    expect(await before).toBe('published');
    await tick();
    reads[1]!.finish();
    expect(await after).toBe('deleted');
    // With no read in flight, a caller starts its own; another owner never shares.
    const later = shared.get(owner, 's1');
    const elsewhere = shared.get({}, 's1');
    await tick();
    expect(reads).toHaveLength(4);
    reads[2]!.finish();
    reads[3]!.finish();
    expect([await later, await elsewhere]).toEqual(['deleted', 'deleted']);
  });
});
