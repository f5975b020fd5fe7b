import { z } from 'zod';
import { defineEvent } from './define';
import { CONTENT_WARNING_IDS, MAX_STORY_TAGS, TAG_PATTERN } from './label-vocabulary';

/** A tag in its normalised form (label-vocabulary.ts). */
export const TagName = z.string().regex(TAG_PATTERN);
export const ContentWarning = z.enum(CONTENT_WARNING_IDS);

/** A story's labels: distinct curated tags (at most 8) and distinct content warnings. */
export const StoryLabels = {
  tags: z
    .array(TagName)
    .max(MAX_STORY_TAGS)
    .refine((tags) => new Set(tags).size === tags.length, 'duplicate tag'),
  warnings: z
    .array(ContentWarning)
    .refine((warnings) => new Set(warnings).size === warnings.length, 'duplicate warning'),
};

/** On `tag_catalogue-main`: the admin adds a tag to the curated list writers choose from. */
export const TagAdded = defineEvent('TagAdded', 1, z.object({ tag: TagName }));
/** On `tag_catalogue-main`: the tag leaves the list; stories that carry it keep it. */
export const TagRemoved = defineEvent('TagRemoved', 1, z.object({ tag: TagName }));

export const tagCatalogueEvents = [TagAdded, TagRemoved] as const;
