import { type ContentWarningId, MAX_STORY_TAGS } from '@nocturne/domain';

/** A story's labels as the forms edit them and the API takes them. */
export interface Labels {
  tags: string[];
  warnings: ContentWarningId[];
}

export const noLabels = (): Labels => ({ tags: [], warnings: [] });

/** The tags a picker offers: the curated ones, and any the story carries that left the list since. */
export function offeredTags(curated: readonly string[], chosen: readonly string[]): string[] {
  return [...curated, ...chosen.filter((tag) => !curated.includes(tag))];
}

/** Labels with one tag switched on or off; an 9th tag is not added. */
export function toggleTag(labels: Labels, tag: string): Labels {
  if (labels.tags.includes(tag)) return { ...labels, tags: labels.tags.filter((t) => t !== tag) };
  if (labels.tags.length >= MAX_STORY_TAGS) return labels;
  return { ...labels, tags: [...labels.tags, tag] };
}

/** Labels with one warning switched on or off. */
export function toggleWarning(labels: Labels, warning: ContentWarningId): Labels {
  const warnings = labels.warnings.includes(warning)
    ? labels.warnings.filter((w) => w !== warning)
    : [...labels.warnings, warning];
  return { ...labels, warnings };
}

/** The multipart fields of a story's labels (POST /api/stories). */
export function appendLabels(form: FormData, labels: Labels): void {
  for (const tag of labels.tags) form.append('tags', tag);
  for (const warning of labels.warnings) form.append('warnings', warning);
}
