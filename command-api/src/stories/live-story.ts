import { streams } from '@nocturne/events';
import {
  evolveStory,
  initialStoryState,
  isLive,
  refuse,
  type StoryState,
  storyMessages,
} from '@nocturne/events/domain';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import { httpErrorOf } from '../shared/refusals';
import { SharedReads } from './shared-reads';

/** Likes and views of one story arrive by the hundred: concurrent ones share the story's read. */
const storyStates = new SharedReads<EventStore, StoryState>(
  async (store, storyId) =>
    (await aggregateStream(store, streams.story(storyId), evolveStory, initialStoryState)).state,
);

/** The state of any story stream (shared like liveStory's reads), for rules beyond "live". */
export const storyStateOf = (store: EventStore, storyId: string): Promise<StoryState> =>
  storyStates.get(store, storyId);

/**
 * The state of a story that may be read, liked or viewed: live by the domain's one rule
 * (`isLive`); any other story is refused as "Story not found".
 */
export async function liveStory(store: EventStore, storyId: string): Promise<StoryState> {
  const state = await storyStates.get(store, storyId);
  if (!isLive(state)) throw httpErrorOf(refuse('not_found', storyMessages.notFound));
  return state;
}
