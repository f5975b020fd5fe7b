import type { EventOf, RecordedEvent } from '@nocturne/events';

export type StoryEvent = EventOf<'StoryPublished' | 'StoryLabelsChanged' | 'StoryDeleted'>;

/** The state of one `story-{id}` stream. */
export interface StoryState {
  status: 'none' | 'published' | 'deleted';
  isPremium: boolean;
  /** The tags it carries now: an edit may keep one that has left the curated list since. */
  tags: readonly string[];
  /** How many slides it has (0 before it is published): a reader's place is one of them. */
  slideCount: number;
}

export const initialStoryState = (): StoryState => ({
  status: 'none',
  isPremium: false,
  tags: [],
  slideCount: 0,
});

export function evolveStory(state: StoryState, event: StoryEvent | RecordedEvent<StoryEvent>): StoryState {
  switch (event.type) {
    case 'StoryPublished':
      return {
        status: 'published',
        isPremium: event.data.isPremium,
        tags: event.data.tags,
        slideCount: event.data.slides.length,
      };
    case 'StoryLabelsChanged':
      return { ...state, tags: event.data.tags };
    case 'StoryDeleted':
      return { ...state, status: 'deleted' };
  }
}

/**
 * The one "story is live" rule: published and not deleted. Only a live story can be read,
 * liked, viewed or deleted; anything else is answered as "Story not found".
 */
export const isLive = (state: StoryState): boolean => state.status === 'published';
