import { describe, expect, it } from 'vitest';
import { AppendGroups } from './append-groups';

/** A send function whose calls the test completes (and marks committed) by hand. */
function manualSend() {
  const calls: {
    items: number[];
    committed: () => void;
    resolve: (o: string[]) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const send = (items: number[], committed: () => void) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items, committed, resolve, reject });
    });
  return { calls, send };
}

/** Both bounds at `n`: a group keeps its place until it is answered. */
const upTo = (n: number) => ({ sending: n, held: n });

/** Past the end of this turn and the next: a group a returning one scheduled (at its turn's end) has left. */
const tick = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('AppendGroups', () => {
  it('sends what one turn of the event loop submitted as one group, and what queued meanwhile as the next', async () => {
    const { calls, send } = manualSend();
    const groups = new AppendGroups(send, 32, upTo(2));
    const together = [1, 2].map((n) => groups.submit(n));
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1, 2]]);
    calls[0]!.resolve(['one', 'two']);
    expect(await Promise.all(together)).toEqual(['one', 'two']);
  });

  it('sends an item at the end of its turn and everything queued meanwhile as the next group', async () => {
    const { calls, send } = manualSend();
    const groups = new AppendGroups(send, 32, upTo(1));
    const first = groups.submit(1);
    expect(calls).toHaveLength(0);
    await tick();
    const rest = [2, 3, 4].map((n) => groups.submit(n));
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.resolve(['one']);
    await tick();
    expect(await first).toBe('one');
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.resolve(['two', 'three', 'four']);
    expect(await Promise.all(rest)).toEqual(['two', 'three', 'four']);
  });

  it('caps a group at maxGroup items', async () => {
    const { calls, send } = manualSend();
    const groups = new AppendGroups(send, 2, upTo(1));
    const all = [1, 2, 3, 4, 5].map((n) => groups.submit(n));
    await tick();
    calls[0]!.resolve(['a', 'b']);
    await tick();
    calls[1]!.resolve(['c', 'd']);
    await tick();
    calls[2]!.resolve(['e']);
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(calls.map((c) => c.items)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every item of a failed group and carries on with the next', async () => {
    const { calls, send } = manualSend();
    const groups = new AppendGroups(send, 32, upTo(1));
    const first = groups.submit(1);
    await tick();
    const second = groups.submit(2);
    const third = groups.submit(3);
    await tick();
    calls[0]!.resolve(['ok']);
    await tick();
    calls[1]!.reject(new Error('connection lost'));
    await expect(second).rejects.toThrow('connection lost');
    await expect(third).rejects.toThrow('connection lost');
    expect(await first).toBe('ok');
    const fourth = groups.submit(4);
    await tick();
    calls[2]!.resolve(['four']);
    expect(await fourth).toBe('four');
  });

  it('keeps up to `sending` groups out, each taking what queued while the others were out', async () => {
    const { calls, send } = manualSend();
    const groups = new AppendGroups(send, 32, upTo(2));
    const all = [1].map((n) => groups.submit(n));
    await tick();
    all.push(groups.submit(2));
    await tick();
    all.push(...[3, 4, 5, 6].map((n) => groups.submit(n)));
    await tick();
    // Two groups in flight (one per turn); the rest waits for one of them to return.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[1]!.resolve(['b']);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5, 6]]);
    const seventh = groups.submit(7);
    await tick();
    // Still two in flight ([1] and [3..6]): 7 waits.
    expect(calls).toHaveLength(3);
    calls[0]!.resolve(['a']);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5, 6], [7]]);
    calls[2]!.resolve(['c', 'd', 'e', 'f']);
    calls[3]!.resolve(['g']);
    expect(await Promise.all([...all, seventh])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(groups.stats()).toEqual({ groups: 4, meanGroupSize: 7 / 4 });
  });

  it('sends the next group once the one out has committed, and holds no more than `held` groups waiting for the disk', async () => {
    const { calls, send } = manualSend();
    const groups = new AppendGroups(send, 32, { sending: 1, held: 2 });
    const all = [groups.submit(1)];
    await tick();
    all.push(groups.submit(2));
    await tick();
    // [1] is in its first phase: 2 waits.
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.committed();
    await tick();
    // [1] waits for the disk, unanswered; [2] leaves meanwhile.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[1]!.committed();
    all.push(groups.submit(3));
    await tick();
    // Both committed, both unanswered: two groups held, so 3 waits for an answer.
    expect(calls).toHaveLength(2);
    calls[0]!.resolve(['a']);
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3]]);
    // Answered without a word of committing: it leaves both phases then.
    calls[2]!.resolve(['c']);
    calls[1]!.resolve(['b']);
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c']);
    expect(groups.stats()).toEqual({ groups: 3, meanGroupSize: 1 });
  });
});
