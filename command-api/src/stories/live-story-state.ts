import { isLive, type StoryState } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { LRUCache } from 'lru-cache';
import type { LoadedState, StateLoader } from '../shared/handle-command';
import { readStory, type StoryAt } from './live-story';

/** Stories whose live state is kept per store; past this many the least recently used goes. */
const KEPT_STORIES = 10_000;

const keptByStore = new WeakMap<EventStore, LRUCache<string, StoryAt>>();

function keptStories(store: EventStore): LRUCache<string, StoryAt> {
  let kept = keptByStore.get(store);
  if (!kept) {
    kept = new LRUCache({ max: KEPT_STORIES });
    keptByStore.set(store, kept);
  }
  return kept;
}

/**
 * The state of a story, for the commands that append to one of its own streams (its likes, its
 * views; expected revision "any") and arrive by the thousand. A live story's state is kept in
 * memory with the revision of its stream it was read at, and the append is guarded by that
 * revision: the store stores it only if the story's stream is still there, checked with the
 * append itself. A story that changed since (deleted, hidden, relabelled) fails the guard, is
 * read again and decided afresh. So a like of a deleted story is refused whenever the deletion
 * was stored before the like, also when it came between the read and the append; and only a
 * live state is kept, so a story is never refused from memory. Reading the story for every like
 * would be about half of a like's CPU, the server's and PostgreSQL's (docs/performance.md,
 * "Likes").
 */
export function liveStoryState(store: EventStore, storyId: string): StateLoader<StoryState> {
  const kept = keptStories(store);
  const guarded = streams.story(storyId);
  let given: StoryAt | undefined;
  return {
    async load(): Promise<LoadedState<StoryState>> {
      let story = kept.get(storyId);
      if (!story) {
        story = await readStory(store, storyId);
        if (isLive(story.state)) kept.set(storyId, story);
      }
      given = story;
      const { state, position, revision } = story;
      return { state, position, revision, expected: 'any', guard: { stream: guarded, revision } };
    },
    stale() {
      // Only the entry that failed goes: a newer one, kept meanwhile by another request, stays.
      if (given && kept.get(storyId) === given) kept.delete(storyId);
    },
  };
}
