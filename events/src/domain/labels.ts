/**
 * Story labels (issue 14): tags from the curated list the admin manages, and content warnings
 * from a fixed list. Both travel on StoryPublished and StoryLabelsChanged.
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
export const CONTENT_WARNING_IDS = CONTENT_WARNINGS.map((w) => w.id) as [
  ContentWarningId,
  ...ContentWarningId[],
];

export function isContentWarning(value: string): value is ContentWarningId {
  return (CONTENT_WARNING_IDS as readonly string[]).includes(value);
}

/** A story carries at most this many tags; a card shows the first CARD_TAGS of them. */
export const MAX_STORY_TAGS = 8;
export const CARD_TAGS = 3;

/** A tag's one stored form: trimmed, lower case, inner spaces collapsed. */
export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Lower-case letters (any script), digits, spaces and hyphens; 1 to 30 characters; no edge space. */
export const TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}](?:[\p{Ll}\p{Lo}\p{N} -]{0,28}[\p{Ll}\p{Lo}\p{N}])?$/u;

export function isValidTag(tag: string): boolean {
  return TAG_PATTERN.test(tag);
}
