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
import { SingleFlight } from '@nocturne/http-kit';
import { httpErrorOf } from '../shared/refusals';

/** A story's state and the revision of its stream it was folded at (-1: no such stream). */
export interface StoryAt {
  state: StoryState;
  revision: number;
  /** Of the stream's last event (0: no such stream). */
  position: number;
}

/** A story's state and revision, read from the store now. */
async function readStoryNow(store: EventStore, storyId: string): Promise<StoryAt> {
  const { state, revision, position } = await aggregateStream(
    store,
    streams.story(storyId),
    evolveStory,
    initialStoryState,
  );
  return { state, revision, position };
}

/**
 * Likes and views of one story arrive by the hundred: concurrent ones share the story's read,
 * one read per round trip, each caller answered by a read that began after it asked (so a
 * deletion acknowledged before a like is always seen). Per store, with its read function made
 * once.
 */
const readsByStore = new WeakMap<
  EventStore,
  { flights: SingleFlight<StoryAt>; read: (storyId: string) => Promise<StoryAt> }
>();

/** The story read now (shared with the reads of the same story in flight), with its revision. */
export function readStory(store: EventStore, storyId: string): Promise<StoryAt> {
  let reads = readsByStore.get(store);
  if (!reads) {
    reads = { flights: new SingleFlight(), read: (id) => readStoryNow(store, id) };
    readsByStore.set(store, reads);
  }
  return reads.flights.fresh(storyId, reads.read);
}

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
