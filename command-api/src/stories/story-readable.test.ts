import type { EventStore, StoredEvent } from '@nocturne/events/store';
import { describe, expect, it } from 'vitest';
import { assertStoryReadable } from './like-story';

/** A store whose story stream is `history`, and whose reads the test completes by hand. */
function manualStore() {
  let history: Pick<StoredEvent, 'type'>[] = [{ type: 'StoryPublished' }];
  const reads: { seen: typeof history; finish: () => void }[] = [];
  const store = {
    readStream: () =>
      new Promise((resolve) => {
        // The read's snapshot is taken when it starts.
        const seen = [...history];
        reads.push({ seen, finish: () => resolve(seen) });
      }),
  } as unknown as EventStore;
  return {
    store,
    reads,
    deleteStory: () => {
      history = [...history, { type: 'StoryDeleted' }];
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const outcome = (check: Promise<void>) =>
  check.then(
    () => 'readable',
    (error: { statusCode?: number }) => error.statusCode,
  );

describe('assertStoryReadable', () => {
  it('shares reads: checks that arrive during a read join the one read that starts after it', async () => {
    const { store, reads } = manualStore();
    const first = outcome(assertStoryReadable(store, 's1'));
    const during = [1, 2, 3].map(() => outcome(assertStoryReadable(store, 's1')));
    const otherStory = outcome(assertStoryReadable(store, 's2'));
    await tick();
    expect(reads).toHaveLength(2); // s1 and s2, nothing queued has started yet
    reads[0]!.finish();
    expect(await first).toBe('readable');
    await tick();
    expect(reads).toHaveLength(3); // the one read for the three checks that waited
    reads[2]!.finish();
    reads[1]!.finish();
    expect(await Promise.all([...during, otherStory])).toEqual([
      'readable',
      'readable',
      'readable',
      'readable',
    ]);
  });

  it('never answers a check from a read that began before it: a deletion in between is seen', async () => {
    const { store, reads, deleteStory } = manualStore();
    const before = outcome(assertStoryReadable(store, 's1'));
    await tick();
    deleteStory(); // acknowledged while the first read is in flight
    const after = outcome(assertStoryReadable(store, 's1'));
    reads[0]!.finish();
    expect(await before).toBe('readable');
    await tick();
    reads[1]!.finish();
    expect(await after).toBe(404);
    // Once no read is in flight, a check starts its own.
    const later = outcome(assertStoryReadable(store, 's1'));
    await tick();
    expect(reads).toHaveLength(3);
    reads[2]!.finish();
    expect(await later).toBe(404);
  });
});
