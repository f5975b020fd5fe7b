/**
 * The words story labels are made of: the fixed content warnings, and the form and count of
 * tags. Event schemas validate against them and the domain's rules and screens read them, so
 * they live in the event language (`@nocturne/events/labels`); this file imports nothing, so the
 * SPA can take it without the schemas.
 */

/** The fixed content warnings, in the order the forms list them. */
export const CONTENT_WARNINGS = [
  { id: 'violence', label: 'Violence' },
  { id: 'non-consent', label: 'Non-consent' },
  { id: 'dubious-consent', label: 'Dubious consent' },
  { id: 'abuse', label: 'Abuse' },
  { id: 'self-harm', label: 'Self-harm' },
  { id: 'character-death', label: 'Character death' },
  { id: 'substance-use', label: 'Drug or alcohol use' },
  { id: 'gore', label: 'Horror and gore' },
] as const;

export type ContentWarningId = (typeof CONTENT_WARNINGS)[number]['id'];
// Marked pure: a bundle that never reads the ids (the SPA's landing) leaves the call out.
export const CONTENT_WARNING_IDS = /* @__PURE__ */ CONTENT_WARNINGS.map((w) => w.id) as [
  ContentWarningId,
  ...ContentWarningId[],
];

/** A story carries at most this many tags. */
export const MAX_STORY_TAGS = 8;

/** Lower-case letters (any script), digits, spaces and hyphens; 1 to 30 characters; no edge space. */
export const TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}](?:[\p{Ll}\p{Lo}\p{N} -]{0,28}[\p{Ll}\p{Lo}\p{N}])?$/u;

/**
 * A story's rating, chosen by its creator: General (nothing sexual), Mature (sexual themes,
 * nothing explicit shown), Explicit (explicit illustrations: only an age-assured adult sees them).
 * A story recorded before ratings existed, or published without one, is Mature.
 */
export const STORY_RATINGS = [
  { id: 'general', label: 'General' },
  { id: 'mature', label: 'Mature' },
  { id: 'explicit', label: 'Explicit' },
] as const;

export type StoryRatingId = (typeof STORY_RATINGS)[number]['id'];
export const STORY_RATING_IDS = /* @__PURE__ */ STORY_RATINGS.map((r) => r.id) as [
  StoryRatingId,
  ...StoryRatingId[],
];
/** The rating of a story published without one. */
export const DEFAULT_STORY_RATING: StoryRatingId = 'mature';
