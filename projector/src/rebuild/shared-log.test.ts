import { encodeEvent, streams } from '@nocturne/events';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { describe, expect, it } from 'vitest';
import { SharedLog } from './shared-log';

const ctx = { correlationId: 'test', causationId: 'test', actor: { kind: 'system' as const } };

/** A store of `count` likes that counts its reads of the log. */
async function countingStore(count: number) {
  const store = new MemoryEventStore();
  const likes = Array.from({ length: count }, () =>
    encodeEvent({ type: 'StoryLiked', data: { storyId: 'story-1' } }, ctx),
  );
  await store.append(streams.storyLikes('story-1'), likes, 'any');
  const reads: number[] = [];
  const readAll = store.readAll.bind(store);
  store.readAll = (after, limit) => {
    reads.push(after);
    return readAll(after, limit);
  };
  return { store, reads };
}

describe('SharedLog', () => {
  it('reads each range of the log once for every reader, and hands them the same events', async () => {
    const { store, reads } = await countingStore(30);
    const log = new SharedLog(store, 20);
    const [a, b] = [log.reader(), log.reader()];
    const first = await Promise.all([a.store.readAll(0, 10), b.store.readAll(0, 10)]);
    const second = await Promise.all([a.store.readAll(10, 10), b.store.readAll(10, 10)]);
    expect(reads).toEqual([0, 10]);
    expect(first[0]).toBe(first[1]);
    expect(second[0]!.map((e) => e.position)).toEqual(Array.from({ length: 10 }, (_, i) => 11 + i));
  });

  it('holds a reader that runs too far ahead until the slowest one catches up or is idle', async () => {
    const { store } = await countingStore(60);
    const log = new SharedLog(store, 20);
    const [fast, slow] = [log.reader(), log.reader()];
    await slow.store.readAll(0, 10);
    await fast.store.readAll(10, 10);
    let answered = false;
    const far = fast.store.readAll(30, 10).then((events) => {
      answered = true;
      return events;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    await slow.store.readAll(10, 10);
    expect((await far).length).toBe(10);

    const farther = fast.store.readAll(50, 10);
    slow.idle();
    expect((await farther).length).toBe(10);
  });
});
