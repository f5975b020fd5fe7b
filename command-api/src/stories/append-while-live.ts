import { isLive } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import {
  type AppendResult,
  type EventStore,
  type NewEvent,
  WrongExpectedRevisionError,
} from '@nocturne/events/store';
import { readStory, type StoryAt, storyNotFound } from './live-story';

/** Stories whose live state is kept per store; past this many the oldest kept one goes. */
const KEPT_STORIES = 10_000;
/** A story changed between its read and the append this many times in a row: give up. */
const MAX_ATTEMPTS = 50;

const keptByStore = new WeakMap<EventStore, Map<string, StoryAt>>();

function keptStories(store: EventStore): Map<string, StoryAt> {
  let kept = keptByStore.get(store);
  if (!kept) {
    kept = new Map();
    keptByStore.set(store, kept);
  }
  return kept;
}

/**
 * Appends to one of a live story's own streams (its likes, its views; expected revision "any")
 * without reading the story for every request. The story's live state is kept in memory with the
 * revision of its stream it was read at, and the append is guarded by that revision: the store
 * stores it only if the story's stream is still there, checked with the append itself. A story
 * that changed since (deleted, relabelled) fails the guard, is read again and decided afresh. So
 * a like of a deleted story is refused whenever the deletion was stored before the like, also
 * when it came between the read and the append; and only a live state is ever kept, so a story
 * is never refused from memory. Reading the story's stream for every like would be about half of a
 * like's CPU, the server's and PostgreSQL's (docs/performance.md, "Likes").
 */
export async function appendWhileLive(
  store: EventStore,
  storyId: string,
  streamName: string,
  events: readonly NewEvent[],
): Promise<AppendResult> {
  const kept = keptStories(store);
  const storyStream = streams.story(storyId);
  for (let attempt = 1; ; attempt++) {
    let story = kept.get(storyId);
    if (!story) {
      story = await readStory(store, storyId);
      if (!isLive(story.state)) throw storyNotFound();
      if (kept.size >= KEPT_STORIES) kept.delete(kept.keys().next().value!);
      kept.set(storyId, story);
    }
    try {
      return await store.append(streamName, events, 'any', { stream: storyStream, revision: story.revision });
    } catch (error) {
      const changed = error instanceof WrongExpectedRevisionError && error.streamName === storyStream;
      if (!changed || attempt >= MAX_ATTEMPTS) throw error;
      // Only the entry that failed goes: a newer one, kept meanwhile by another request, stays.
      if (kept.get(storyId) === story) kept.delete(storyId);
    }
  }
}
