/**
 * Story labels: tags from the curated list the admin manages, and content warnings
 * from a fixed list. Both travel on StoryPublished and StoryLabelsChanged.
 */
import {
  CONTENT_WARNING_IDS,
  CONTENT_WARNINGS,
  type ContentWarningId,
  MAX_STORY_TAGS,
  TAG_PATTERN,
} from '@nocturne/events/labels';

export { CONTENT_WARNING_IDS, CONTENT_WARNINGS, type ContentWarningId, MAX_STORY_TAGS, TAG_PATTERN };

export function isContentWarning(value: string): value is ContentWarningId {
  return (CONTENT_WARNING_IDS as readonly string[]).includes(value);
}

/** A card shows the first CARD_TAGS of a story's tags. */
export const CARD_TAGS = 3;

/** A tag's one stored form: trimmed, lower case, inner spaces collapsed. */
export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, ' ');
}

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
