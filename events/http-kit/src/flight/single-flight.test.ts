import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight';

/** A source whose value the test changes and whose calls it completes by hand. */
function manualSource() {
  let value = 'published';
  const calls: { key: string; seen: string; finish: () => void; fail: (error: Error) => void }[] = [];
  const call = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const seen = value; // the call's snapshot is taken when it starts
      calls.push({ key, seen, finish: () => resolve(seen), fail: reject });
    });
  return { flights: new SingleFlight<string>(), call, calls, set: (v: string) => (value = v) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SingleFlight.fresh', () => {
  it('callers that arrive during a call join the one call that starts after it', async () => {
    const { flights, call, calls } = manualSource();
    const first = flights.fresh('s1', call);
    const during = [1, 2, 3].map(() => flights.fresh('s1', call));
    const other = flights.fresh('s2', call);
    await tick();
    expect(calls.map((r) => r.key)).toEqual(['s1', 's2']);
    calls[0]!.finish();
    expect(await first).toBe('published');
    await tick();
    expect(calls.map((r) => r.key)).toEqual(['s1', 's2', 's1']); // one call for the three
    calls[2]!.finish();
    calls[1]!.finish();
    expect(await Promise.all([...during, other])).toEqual([
      'published',
      'published',
      'published',
      'published',
    ]);
    expect(flights.size).toBe(0);
  });

  it('never answers a caller from a call that began before it: a change in between is seen', async () => {
    const { flights, call, calls, set } = manualSource();
    const before = flights.fresh('s1', call);
    await tick();
    set('deleted'); // acknowledged while the first call is in flight
    const after = flights.fresh('s1', call);
    calls[0]!.finish();
    expect(await before).toBe('published');
    await tick();
    calls[1]!.finish();
    expect(await after).toBe('deleted');
    // With no call in flight, a caller starts its own; another SingleFlight never shares.
    const later = flights.fresh('s1', call);
    const elsewhere = new SingleFlight<string>().fresh('s1', call);
    await tick();
    expect(calls).toHaveLength(4);
    calls[2]!.finish();
    calls[3]!.finish();
    expect([await later, await elsewhere]).toEqual(['deleted', 'deleted']);
  });

  it('a failed call still lets the callers queued behind it make the next call', async () => {
    const { flights, call, calls } = manualSource();
    const failing = flights.fresh('s1', call);
    const queued = flights.fresh('s1', call);
    calls[0]!.fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await tick();
    calls[1]!.finish();
    expect(await queued).toBe('published');
  });
});

describe('SingleFlight.join', () => {
  it('callers that arrive during a call share it; once it ends, the next caller calls again', async () => {
    const { flights, call, calls } = manualSource();
    const shared = [1, 2, 3].map(() => flights.join('s1', call));
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    expect(await Promise.all(shared)).toEqual(['published', 'published', 'published']);
    expect(flights.size).toBe(0);
    const again = flights.join('s1', call);
    expect(calls).toHaveLength(2);
    calls[1]!.finish();
    expect(await again).toBe('published');
  });

  it('a failure is every sharing caller’s and is not kept', async () => {
    const { flights, call, calls } = manualSource();
    const shared = [flights.join('s1', call), flights.join('s1', call)];
    calls[0]!.fail(new Error('database down'));
    for (const caller of shared) await expect(caller).rejects.toThrow('database down');
    const retry = flights.join('s1', call);
    expect(calls).toHaveLength(2);
    calls[1]!.finish();
    expect(await retry).toBe('published');
  });
});
