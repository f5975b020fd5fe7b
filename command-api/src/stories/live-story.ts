import {
  evolveStory,
  initialStoryState,
  isLive,
  refuse,
  type StoryState,
  storyMessages,
} from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import { httpErrorOf } from '../shared/refusals';
import { SharedReads } from './shared-reads';

/** A story's state and the revision of its stream it was folded at (-1: no such stream). */
export interface StoryAt {
  state: StoryState;
  revision: number;
}

/** Likes and views of one story arrive by the hundred: concurrent ones share the story's read. */
const storyReads = new SharedReads<EventStore, StoryAt>(async (store, storyId) => {
  const { state, revision } = await aggregateStream(
    store,
    streams.story(storyId),
    evolveStory,
    initialStoryState,
  );
  return { state, revision };
});

/** The story read now (shared with the reads of the same story in flight), with its revision. */
export const readStory = (store: EventStore, storyId: string): Promise<StoryAt> =>
  storyReads.get(store, storyId);

/** The state of any story stream (shared like liveStory's reads), for rules beyond "live". */
export const storyStateOf = async (store: EventStore, storyId: string): Promise<StoryState> =>
  (await readStory(store, storyId)).state;

/** The refusal of a story that is not live: to anyone, it does not exist. */
export const storyNotFound = () => httpErrorOf(refuse('not_found', storyMessages.notFound));

/**
 * The state of a story that may be read, liked or viewed: live by the domain's one rule
 * (`isLive`); any other story is refused as "Story not found".
 */
export async function liveStory(store: EventStore, storyId: string): Promise<StoryState> {
  const { state } = await readStory(store, storyId);
  if (!isLive(state)) throw storyNotFound();
  return state;
}
