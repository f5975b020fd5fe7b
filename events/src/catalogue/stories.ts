import { z } from 'zod';
import { defineEvent } from './define';
import { ImageRef, IsoTime } from './fields';
import { STORY_RATING_IDS } from './label-vocabulary';
import { StoryLabels } from './labels';

/** General, Mature or Explicit (label-vocabulary.ts). */
export const StoryRating = z.enum(STORY_RATING_IDS);

/**
 * What a slide's image shows, written by its creator for readers who cannot see it (the domain
 * bounds its length: slide-alt-text.ts). Optional, so no version change: a slide recorded before
 * it could be written, or left without one, has none, and readers hear the first sentence of
 * its text instead.
 */
const SlideAlt = z.string().min(1).optional();

/** The slides readers see: 2 to 10, an image, a text and perhaps an alt text each. */
const PublishedSlides = z
  .array(z.object({ image: ImageRef, text: z.string().min(1), alt: SlideAlt }))
  .min(2)
  .max(10);

/**
 * Version 2 adds the story's labels; version 1 is upcast with none. Version 3 adds its rating;
 * earlier ones are upcast as Mature.
 */
export const StoryPublished = defineEvent(
  'StoryPublished',
  3,
  z.object({
    storyId: z.string().min(1),
    slides: PublishedSlides,
    /** Blurred, downscaled rendition of the first image, safe to show anyone. */
    preview: ImageRef,
    isPremium: z.boolean(),
    ...StoryLabels,
    rating: StoryRating,
    /**
     * The member who made the story, when a member did (absent: the admin's, an invite holder's,
     * or one recorded before it was written here, whose event's actor names the member). A draft
     * published by the scheduler is the creator's story though the scheduler's event records it.
     */
    creatorKey: z.string().min(1).optional(),
  }),
);

/** A draft's slide: its text may still be empty; the publish asks for the story's rules. */
const DraftSlide = z.object({ image: ImageRef, text: z.string(), alt: SlideAlt });

/**
 * On `story-{id}`: a member saved the story as a draft, seen by them only; a later save
 * replaces its content. Published from the draft it is a StoryPublished like any other.
 * Version 2 adds the rating (version 1 is upcast as Mature).
 */
export const StoryDraftSaved = defineEvent(
  'StoryDraftSaved',
  2,
  z.object({
    storyId: z.string().min(1),
    creatorKey: z.string().min(1),
    slides: z.array(DraftSlide).min(1).max(10),
    preview: ImageRef,
    isPremium: z.boolean(),
    ...StoryLabels,
    rating: StoryRating,
  }),
);

/** On `story-{id}`: the draft is to be published at `publishAt` (the scheduler issues the publish). */
export const StoryDraftScheduled = defineEvent(
  'StoryDraftScheduled',
  1,
  z.object({ storyId: z.string().min(1), publishAt: IsoTime }),
);

/** On `story-{id}`: the draft's schedule was withdrawn; it is a plain draft again. */
export const StoryDraftUnscheduled = defineEvent(
  'StoryDraftUnscheduled',
  1,
  z.object({ storyId: z.string().min(1) }),
);

/** On `story-{id}`: the creator threw the draft away (it was never published). */
export const StoryDraftDeleted = defineEvent(
  'StoryDraftDeleted',
  1,
  z.object({ storyId: z.string().min(1) }),
);

/**
 * On `story-{id}`: the creator replaced a published story's slides and labels. Readers see the
 * latest; likes, views and unlocks stay with the story. `slideOrigins[i]` is the slide (0-based,
 * before the revision) the new slide `i` continues, or null for a new one: a reader's place on
 * a slide that is gone moves to the nearest one kept. Version 2 adds the rating (version 1 is
 * upcast as Mature).
 */
export const StoryRevised = defineEvent(
  'StoryRevised',
  2,
  z.object({
    storyId: z.string().min(1),
    slides: PublishedSlides,
    slideOrigins: z.array(z.number().int().min(0).max(9).nullable()).min(2).max(10),
    preview: ImageRef,
    ...StoryLabels,
    rating: StoryRating,
  }),
);

/**
 * On `story-{id}`: the creator withdrew their published story. It leaves every list, search,
 * library and the creator's page for good; readers who unlocked it are given the unlock back.
 */
export const StoryUnpublished = defineEvent('StoryUnpublished', 1, z.object({ storyId: z.string().min(1) }));

/** On `story-{id}`: an admin replaced the story's tags and warnings after publishing. */
export const StoryLabelsChanged = defineEvent(
  'StoryLabelsChanged',
  1,
  z.object({ storyId: z.string().min(1), ...StoryLabels }),
);

/**
 * On `story-{id}`: a moderator changed the story's rating, with the reason kept in the
 * moderation trail (the publishing account is told by the ModerationDecided that follows).
 */
export const StoryRatingChanged = defineEvent(
  'StoryRatingChanged',
  1,
  z.object({ storyId: z.string().min(1), rating: StoryRating, reason: z.string().min(1) }),
);

export const StoryDeleted = defineEvent('StoryDeleted', 1, z.object({ storyId: z.string().min(1) }));

/**
 * On `story-{id}`: a moderator hid the story after a review (the reason is the statement kept
 * with it). It leaves every list, search and library, and its page answers 451, until restored.
 */
export const StoryHidden = defineEvent(
  'StoryHidden',
  1,
  z.object({ storyId: z.string().min(1), reason: z.string().min(1) }),
);

/** On `story-{id}`: a moderator made a hidden story visible again, with a stated reason. */
export const StoryRestored = defineEvent(
  'StoryRestored',
  1,
  z.object({ storyId: z.string().min(1), reason: z.string().min(1) }),
);

/** On `story_likes-{id}`: the like count is the stream revision + 1. */
export const StoryLiked = defineEvent('StoryLiked', 1, z.object({ storyId: z.string().min(1) }));

export const StoryViewed = defineEvent('StoryViewed', 1, z.object({ storyId: z.string().min(1) }));

export const storyEvents = [
  StoryPublished,
  StoryDraftSaved,
  StoryDraftScheduled,
  StoryDraftUnscheduled,
  StoryDraftDeleted,
  StoryRevised,
  StoryUnpublished,
  StoryLabelsChanged,
  StoryRatingChanged,
  StoryDeleted,
  StoryHidden,
  StoryRestored,
  StoryLiked,
  StoryViewed,
] as const;
