import {
  evolveStory,
  initialStoryState,
  isLive,
  refuse,
  type StoryEvent,
  type StoryState,
  storyMessages,
} from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider } from '../shared/decider';

export type LikeStory = Command<'LikeStory', { storyId: string }>;
export type ViewStory = Command<'ViewStory', { storyId: string }>;
export type EngagementCommand = LikeStory | ViewStory;
export type EngagementEvent = EventOf<'StoryLiked' | 'StoryViewed'>;

/**
 * Likes and views of a story: anyone, as often as they like, of a live story only (to anyone
 * else it does not exist). They decide on the story's own state, folded from its `story-{id}`
 * stream, and append to the story's likes or views stream.
 *
 * @example
 *   deciderSpec(engagementDecider)(published).when(likeStory).thenEvents([liked]);
 */
export const engagementDecider: Decider<EngagementCommand, StoryState, StoryEvent | EngagementEvent> = {
  initialState: initialStoryState,
  evolve: (state, event) =>
    event.type === 'StoryLiked' || event.type === 'StoryViewed'
      ? state
      : evolveStory(state, event as StoryEvent | RecordedEvent<StoryEvent>),
  decide(command, state) {
    if (!isLive(state)) return refuse('not_found', storyMessages.notFound);
    const { storyId } = command.data;
    return [{ type: command.type === 'LikeStory' ? 'StoryLiked' : 'StoryViewed', data: { storyId } }];
  },
};
