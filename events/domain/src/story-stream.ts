import type { EventOf, ImageRef, RecordedEvent } from '@nocturne/events';
import type { ContentWarningId, StoryRatingId } from '@nocturne/events/labels';

export type StoryEvent = EventOf<
  | 'StoryPublished'
  | 'StoryLabelsChanged'
  | 'StoryRatingChanged'
  | 'StoryDeleted'
  | 'StoryHidden'
  | 'StoryRestored'
  | 'StoryDraftSaved'
  | 'StoryDraftScheduled'
  | 'StoryDraftUnscheduled'
  | 'StoryDraftDeleted'
  | 'StoryRevised'
  | 'StoryUnpublished'
>;

export interface StorySlide {
  image: ImageRef;
  text: string;
  /** What its image shows, as its creator wrote it (none: slide-alt-text.ts falls back to the text). */
  alt?: string;
}

/** What a draft holds, published as it is. */
export interface DraftContent {
  slides: readonly StorySlide[];
  preview: ImageRef;
  isPremium: boolean;
  tags: readonly string[];
  warnings: readonly ContentWarningId[];
  rating: StoryRatingId;
}

/** The state of one `story-{id}` stream. */
export interface StoryState {
  /** `deleted`: deleted by an admin, thrown away as a draft, or unpublished by its creator. */
  status: 'none' | 'draft' | 'published' | 'deleted';
  isPremium: boolean;
  /** The tags it carries now: an edit may keep one that has left the curated list since. */
  tags: readonly string[];
  /** Its rating now (a moderator may have changed the creator's). */
  rating: StoryRatingId;
  /** How many slides it has (0 before it is published): a reader's place is one of them. */
  slideCount: number;
  /** Hidden by a moderator (StoryHidden) and not restored since. */
  hidden: boolean;
  /** The member who made it (null: the admin's or an invite holder's). */
  creatorKey: string | null;
  /** The slides readers see (a revision replaces them), or the draft's while a draft. */
  slides: readonly StorySlide[];
  /** The draft, while it is one. */
  draft: DraftContent | null;
  /** When a scheduled draft is to be published (ISO time), else null. */
  publishAt: string | null;
  /**
   * How a published story left for good: unpublished by its creator or deleted by an admin
   * (null otherwise, a thrown-away draft included). Readers who unlocked it get the unlock back.
   */
  withdrawal: StoryWithdrawal | null;
}

export type StoryWithdrawal = 'unpublished' | 'deleted';

export const initialStoryState = (): StoryState => ({
  status: 'none',
  isPremium: false,
  tags: [],
  rating: 'mature',
  slideCount: 0,
  hidden: false,
  creatorKey: null,
  slides: [],
  draft: null,
  publishAt: null,
  withdrawal: null,
});

/** The member an event names as the story's maker: its data, else the actor who recorded it. */
function makerOf(event: EventOf<'StoryPublished'> | RecordedEvent<EventOf<'StoryPublished'>>): string | null {
  if (event.data.creatorKey) return event.data.creatorKey;
  const actor = 'metadata' in event ? event.metadata.actor : null;
  return actor?.kind === 'user' ? actor.userKey : null;
}

export function evolveStory(state: StoryState, event: StoryEvent | RecordedEvent<StoryEvent>): StoryState {
  switch (event.type) {
    case 'StoryPublished':
      return {
        ...state,
        status: 'published',
        isPremium: event.data.isPremium,
        tags: event.data.tags,
        rating: event.data.rating,
        slideCount: event.data.slides.length,
        hidden: false,
        creatorKey: makerOf(event as EventOf<'StoryPublished'>) ?? state.creatorKey,
        slides: event.data.slides,
        draft: null,
        publishAt: null,
      };
    case 'StoryDraftSaved': {
      const { slides, preview, isPremium, tags, warnings, rating, creatorKey } = event.data;
      return {
        ...state,
        status: 'draft',
        creatorKey,
        draft: { slides, preview, isPremium, tags, warnings, rating },
      };
    }
    case 'StoryDraftScheduled':
      return { ...state, publishAt: event.data.publishAt };
    case 'StoryDraftUnscheduled':
      return { ...state, publishAt: null };
    case 'StoryRevised':
      return {
        ...state,
        tags: event.data.tags,
        rating: event.data.rating,
        slideCount: event.data.slides.length,
        slides: event.data.slides,
      };
    case 'StoryLabelsChanged':
      return { ...state, tags: event.data.tags };
    case 'StoryRatingChanged':
      return { ...state, rating: event.data.rating };
    case 'StoryDeleted':
      return { ...state, status: 'deleted', draft: null, publishAt: null, withdrawal: 'deleted' };
    case 'StoryUnpublished':
      return { ...state, status: 'deleted', draft: null, publishAt: null, withdrawal: 'unpublished' };
    case 'StoryDraftDeleted':
      return { ...state, status: 'deleted', draft: null, publishAt: null };
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
