import { z } from 'zod';
import { defineEvent } from './define';

/**
 * An account's relation to one story, on `account_reading-{accountId}-{storyId}` (streams.reading): small
 * streams, so recording progress never folds a growing history, and one reader's saves never
 * contend with another's.
 */
const OfStory = { storyId: z.string().min(1) };

/**
 * The slide (0-based) a logged-in reader is on; recorded debounced while they scroll. `writer` and
 * `write`, when the page sent them: which open page sent it and its how-many-th place that was, so
 * that a place of that page sent before one already recorded, arriving late, is not recorded.
 */
export const ReadingProgressRecorded = defineEvent(
  'ReadingProgressRecorded',
  1,
  z.object({
    ...OfStory,
    slide: z.number().int().min(0).max(9),
    writer: z.string().optional(),
    write: z.number().int().optional(),
  }),
);

/** The reader reached The End. */
export const StoryFinished = defineEvent('StoryFinished', 1, z.object(OfStory));

/** The reader kept the story in "Saved" (bookmark). */
export const StorySaved = defineEvent('StorySaved', 1, z.object(OfStory));
export const StoryUnsaved = defineEvent('StoryUnsaved', 1, z.object(OfStory));

export const readingEvents = [ReadingProgressRecorded, StoryFinished, StorySaved, StoryUnsaved] as const;
