/**
 * Story labels: tags from the curated list the admin manages, and content warnings
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
// Marked pure: a bundle that never reads the ids (the SPA's landing) leaves the call out.
export const CONTENT_WARNING_IDS = /* @__PURE__ */ CONTENT_WARNINGS.map((w) => w.id) as [
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

/** The refusals of labels, as the API's `{detail}` says them. */
export const labelMessages = {
  badTag: 'A tag is 1 to 30 lower-case letters, digits, spaces or hyphens.',
  tagExists: (tag: string) => `The tag "${tag}" is in the list already.`,
  tagNotFound: (tag: string) => `The tag "${tag}" is not in the list.`,
  unknownTag: (tag: string) => `"${tag}" is not one of the tags writers choose from.`,
  tooManyTags: `A story has at most ${MAX_STORY_TAGS} tags.`,
  unknownWarning: (warning: string) => `"${warning}" is not one of the content warnings.`,
  duplicate: (label: string) => `"${label}" is given twice.`,
} as const;

/** What is wrong with a story's labels, given the curated tags (null: nothing). */
export function labelsProblem(
  labels: { tags: readonly string[]; warnings: readonly string[] },
  curatedTags: ReadonlySet<string>,
): string | null {
  if (labels.tags.length > MAX_STORY_TAGS) return labelMessages.tooManyTags;
  const twice = [labels.tags, labels.warnings]
    .map((list) => list.find((label, i) => list.indexOf(label) !== i))
    .find((label) => label !== undefined);
  if (twice !== undefined) return labelMessages.duplicate(twice);
  const unknownTag = labels.tags.find((tag) => !curatedTags.has(tag));
  if (unknownTag !== undefined) return labelMessages.unknownTag(unknownTag);
  const unknownWarning = labels.warnings.find((warning) => !isContentWarning(warning));
  if (unknownWarning !== undefined) return labelMessages.unknownWarning(unknownWarning);
  return null;
}

/** The labels of the warnings, in the fixed list's order (a card's marker, the warning screen). */
export function warningLabels(warnings: readonly string[]): string[] {
  return CONTENT_WARNINGS.filter((w) => warnings.includes(w.id)).map((w) => w.label);
}
