import type { EventOf, RecordedEvent } from '@nocturne/events';

export type StoryEvent = EventOf<
  'StoryPublished' | 'StoryLabelsChanged' | 'StoryDeleted' | 'StoryHidden' | 'StoryRestored'
>;

/** The state of one `story-{id}` stream. */
export interface StoryState {
  status: 'none' | 'published' | 'deleted';
  isPremium: boolean;
  /** The tags it carries now: an edit may keep one that has left the curated list since. */
  tags: readonly string[];
  /** How many slides it has (0 before it is published): a reader's place is one of them. */
  slideCount: number;
  /** Hidden by a moderator (StoryHidden) and not restored since. */
  hidden: boolean;
}

export const initialStoryState = (): StoryState => ({
  status: 'none',
  isPremium: false,
  tags: [],
  slideCount: 0,
  hidden: false,
});

export function evolveStory(state: StoryState, event: StoryEvent | RecordedEvent<StoryEvent>): StoryState {
  switch (event.type) {
    case 'StoryPublished':
      return {
        status: 'published',
        isPremium: event.data.isPremium,
        tags: event.data.tags,
        slideCount: event.data.slides.length,
        hidden: false,
      };
    case 'StoryLabelsChanged':
      return { ...state, tags: event.data.tags };
    case 'StoryDeleted':
      return { ...state, status: 'deleted' };
    case 'StoryHidden':
      return { ...state, hidden: true };
    case 'StoryRestored':
      return { ...state, hidden: false };
  }
}

/**
 * The one "story is live" rule: published, not deleted and not hidden by a moderator. Only a
 * live story can be read, liked, viewed, relabelled or reported; anything else is answered as
 * "Story not found" by the commands (the reader's page of a hidden story says 451).
 */
export const isLive = (state: StoryState): boolean => state.status === 'published' && !state.hidden;

/** Published and not deleted, hidden or not: what a moderator may still decide about. */
export const isPublished = (state: StoryState): boolean => state.status === 'published';
