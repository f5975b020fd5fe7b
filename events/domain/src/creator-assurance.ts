/**
 * Publishing an Explicit story asks that its creator be assured to be an adult (the card
 * networks' rules for adult content ask platforms to verify who uploads it), whenever the product
 * assures ages at all. The assurance is the member's own: the latest AgeAssured on their stream,
 * while it has not expired.
 */
import type { StoryRatingId } from '@nocturne/events/labels';

export const creatorAssuranceMessages = {
  required:
    'Confirm your age before publishing an Explicit story: complete the age check an Explicit story’s page offers (signed in), then publish again. General and Mature stories need none.',
  /** Beside the rating picker, while Explicit is chosen. */
  explicitNote:
    'An Explicit story is published only once your age is confirmed: the age check an Explicit story’s page offers, done while signed in, holds for your account.',
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
