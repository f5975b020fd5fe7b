import type { EventOf } from '../catalogue';
import type { RecordedEvent } from '../recorded-event';

export type StoryEvent = EventOf<'StoryPublished' | 'StoryLabelsChanged' | 'StoryDeleted'>;

/** The state of one `story-{id}` stream. */
export interface StoryState {
  status: 'none' | 'published' | 'deleted';
  isPremium: boolean;
}

export const initialStoryState = (): StoryState => ({ status: 'none', isPremium: false });

export function evolveStory(state: StoryState, event: StoryEvent | RecordedEvent<StoryEvent>): StoryState {
  switch (event.type) {
    case 'StoryPublished':
      return { status: 'published', isPremium: event.data.isPremium };
    case 'StoryLabelsChanged':
      return state;
    case 'StoryDeleted':
      return { ...state, status: 'deleted' };
  }
}

/**
 * The one "story is live" rule: published and not deleted. Only a live story can be read,
 * liked, viewed or deleted; anything else is answered as "Story not found".
 */
export const isLive = (state: StoryState): boolean => state.status === 'published';
