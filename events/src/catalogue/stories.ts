import { z } from 'zod';
import { defineEvent } from './define';
import { ImageRef } from './fields';
import { StoryLabels } from './labels';

/** Version 2 adds the story's labels; version 1 is upcast with none. */
export const StoryPublished = defineEvent(
  'StoryPublished',
  2,
  z.object({
    storyId: z.string().min(1),
    slides: z
      .array(z.object({ image: ImageRef, text: z.string().min(1) }))
      .min(2)
      .max(10),
    /** Blurred, downscaled rendition of the first image, safe to show anyone. */
    preview: ImageRef,
    isPremium: z.boolean(),
    ...StoryLabels,
  }),
);

/** On `story-{id}`: an admin replaced the story's tags and warnings after publishing. */
export const StoryLabelsChanged = defineEvent(
  'StoryLabelsChanged',
  1,
  z.object({ storyId: z.string().min(1), ...StoryLabels }),
);

export const StoryDeleted = defineEvent('StoryDeleted', 1, z.object({ storyId: z.string().min(1) }));

/** On `story_likes-{id}`: the like count is the stream revision + 1. */
export const StoryLiked = defineEvent('StoryLiked', 1, z.object({ storyId: z.string().min(1) }));

export const StoryViewed = defineEvent('StoryViewed', 1, z.object({ storyId: z.string().min(1) }));

export const storyEvents = [
  StoryPublished,
  StoryLabelsChanged,
  StoryDeleted,
  StoryLiked,
  StoryViewed,
] as const;
