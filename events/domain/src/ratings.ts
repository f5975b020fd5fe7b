/**
 * A story's rating: General, Mature or Explicit, chosen by its creator and changed by a
 * moderator with a reason. Explicit stories' illustrations are shown only to an age-assured adult.
 */
import {
  DEFAULT_STORY_RATING,
  STORY_RATING_IDS,
  STORY_RATINGS,
  type StoryRatingId,
} from '@nocturne/events/labels';

export { DEFAULT_STORY_RATING, STORY_RATING_IDS, STORY_RATINGS, type StoryRatingId };

export function isStoryRating(value: unknown): value is StoryRatingId {
  return typeof value === 'string' && (STORY_RATING_IDS as readonly string[]).includes(value);
}

/** A rating's label as screens show it ("Explicit"). */
export function ratingLabel(rating: StoryRatingId): string {
  return STORY_RATINGS.find((r) => r.id === rating)?.label ?? rating;
}

export const ratingMessages = {
  unknownRating: (rating: string) => `"${rating}" is not a rating: choose general, mature or explicit.`,
  sameRating: 'The story has this rating already.',
} as const;

/**
 * A rating as sent in a form or query (trimmed, any case), or the message refusing it; an absent
 * or empty value is `fallback`.
 */
export function ratingFrom(
  value: string | undefined,
  fallback: StoryRatingId,
): { rating: StoryRatingId } | { problem: string } {
  const sent = value?.trim().toLowerCase() ?? '';
  if (sent === '') return { rating: fallback };
  return isStoryRating(sent) ? { rating: sent } : { problem: ratingMessages.unknownRating(value ?? '') };
}
