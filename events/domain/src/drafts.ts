import { countWords, MAX_SLIDES, MAX_TEXT_CHARS, MAX_WORDS, slideMessages } from './slides';

/**
 * A creator's own stories: drafts (seen by their creator only), a draft's schedule, revisions of
 * a published story and its withdrawal. The messages the servers answer with and the SPA shows.
 */
export const draftMessages = {
  notFound: 'Draft not found',
  notYours: 'You can only change the stories you published.',
  published: 'This story is published already: edit it instead.',
  notScheduled: 'This draft is not scheduled.',
  pastSchedule: 'Choose a date and time in the future.',
  tooFarSchedule: 'Choose a date within a year.',
} as const;

/** How far ahead a draft may be scheduled. */
export const MAX_SCHEDULE_DAYS = 366;

/**
 * Where a reader on `slide` (before a revision) is after it: the new place of the kept slide
 * nearest to theirs (the earlier one on a tie). `origins[i]` is the old slide the new slide `i`
 * continues, or null; when no slide was kept, the same place, within the new count.
 */
export function slideAfterRevision(slide: number, origins: readonly (number | null)[]): number {
  let best: { at: number; distance: number; origin: number } | null = null;
  for (const [at, origin] of origins.entries()) {
    if (origin === null) continue;
    const distance = Math.abs(origin - slide);
    if (!best || distance < best.distance || (distance === best.distance && origin < best.origin)) {
      best = { at, distance, origin };
    }
  }
  return best ? best.at : Math.min(slide, origins.length - 1);
}

/**
 * Why a draft's slides cannot be kept, or null: 1 to 10 slides, an image each, texts within the
 * word limit; a text may still be empty (the publish asks for the story's rules, slidesProblem).
 */
export function draftSlidesProblem(texts: readonly string[], imageCount: number): string | null {
  if (texts.length > MAX_SLIDES || imageCount > MAX_SLIDES) return slideMessages.tooManySlides;
  if (texts.length < 1 || imageCount !== texts.length) return slideMessages.tooFewSlides;
  if (texts.some((t) => countWords(t) > MAX_WORDS || t.length > MAX_TEXT_CHARS)) {
    return slideMessages.badWordCount;
  }
  return null;
}
