/**
 * Publishing an Explicit story asks that its creator be assured to be an adult (the card
 * networks' rules for adult content ask platforms to verify who uploads it), whenever the product
 * assures ages at all. The assurance is the member's own: the latest AgeAssured on their stream,
 * while it has not expired.
 */
import type { StoryRatingId } from '@nocturne/events/labels';

/** Where a creator confirms their age (the assurance screen, coming back to the studio after). */
export const CREATOR_ASSURANCE_PATH = '/age-assurance?return=/studio';

export const creatorAssuranceMessages = {
  required:
    'Confirm your age before publishing an Explicit story: complete an age check, then publish again. Your General and Mature stories need none.',
} as const;

/** What the handler read for the decider: whether assurance is asked, and until when the member's holds. */
export interface CreatorAssurance {
  /** False when the product assures no ages (AGE_ASSURANCE=off), or for staff publishing as the product. */
  required: boolean;
  /** The expiry of the member's latest assurance (ISO), or null when never assured. */
  assuredUntil: string | null;
}

/** Why this content cannot be published by this creator now, or null when it can. */
export function creatorAssuranceProblem(
  rating: StoryRatingId,
  assurance: CreatorAssurance,
  now: Date,
): string | null {
  if (rating !== 'explicit' || !assurance.required) return null;
  const until = assurance.assuredUntil === null ? Number.NaN : Date.parse(assurance.assuredUntil);
  return until > now.getTime() ? null : creatorAssuranceMessages.required;
}
