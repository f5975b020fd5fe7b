import { streams } from '@nocturne/events';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { given, storyPublished, testContext } from '@nocturne/events/testing';
import { HttpError } from '@nocturne/http-kit';
import { describe, expect, it, vi } from 'vitest';
import { likeStory } from './like-story';

async function publishedStory(store: MemoryEventStore): Promise<string> {
  const event = storyPublished();
  await given(store, streams.story(event.data.storyId), [event], 'no_stream');
  return event.data.storyId;
}

/** A like through the one command path; `nextRevision` is the likes stream's revision after it. */
const likeOf = async (store: MemoryEventStore, storyId: string) => {
  const { likes } = await likeStory({ store, clock: () => new Date() }, storyId, testContext);
  return { nextRevision: likes - 1 };
};

describe('a like decided on the live story state kept in memory', () => {
  it('reads a live story once, then appends guarded by the revision it read', async () => {
    const store = new MemoryEventStore();
    const storyId = await publishedStory(store);
    const reads = vi.spyOn(store, 'readStream');
    const append = vi.spyOn(store, 'append');
    for (let i = 0; i < 3; i++) expect((await likeOf(store, storyId)).nextRevision).toBe(i);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(append).toHaveBeenLastCalledWith(streams.storyLikes(storyId), expect.any(Array), 'any', {
      stream: streams.story(storyId),
      revision: 0,
    });
  });

  it('refuses a like of a story deleted since it was read, even by another process, and stores nothing', async () => {
    const store = new MemoryEventStore();
    const storyId = await publishedStory(store);
    await likeOf(store, storyId);
    // Straight into the store: this process's kept state is not told.
    await given(store, streams.story(storyId), [{ type: 'StoryDeleted', data: { storyId } }], 0);
    const refused = await likeOf(store, storyId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(404);
    expect(await store.readStream(streams.storyLikes(storyId))).toHaveLength(1);
  });

  it('reads a story that changed since and likes it when it is still live', async () => {
    const store = new MemoryEventStore();
    const storyId = await publishedStory(store);
    await likeOf(store, storyId);
    await given(store, streams.story(storyId), [
      { type: 'StoryLabelsChanged', data: { storyId, tags: [], warnings: [] } },
    ]);
    expect((await likeOf(store, storyId)).nextRevision).toBe(1);
  });

  it('never refuses from memory: a story not live when asked is read again the next time', async () => {
    const store = new MemoryEventStore();
    const storyId = 'not-yet-published';
    await expect(likeOf(store, storyId)).rejects.toBeInstanceOf(HttpError);
    await given(store, streams.story(storyId), [storyPublished({ storyId })], 'no_stream');
    expect((await likeOf(store, storyId)).nextRevision).toBe(0);
  });
});
