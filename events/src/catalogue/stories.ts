import { z } from 'zod';
import { defineEvent } from './define';
import { ImageRef } from './fields';

export const StoryPublished = defineEvent(
  'StoryPublished',
  1,
  z.object({
    storyId: z.string().min(1),
    slides: z
      .array(z.object({ image: ImageRef, text: z.string().min(1) }))
      .min(2)
      .max(10),
    /** Blurred, downscaled rendition of the first image, safe to show anyone. */
    preview: ImageRef,
    isPremium: z.boolean(),
  }),
);

export const StoryDeleted = defineEvent('StoryDeleted', 1, z.object({ storyId: z.string().min(1) }));

/** On `story_likes-{id}`: the like count is the stream revision + 1. */
export const StoryLiked = defineEvent('StoryLiked', 1, z.object({ storyId: z.string().min(1) }));

export const StoryViewed = defineEvent('StoryViewed', 1, z.object({ storyId: z.string().min(1) }));

export const storyEvents = [StoryPublished, StoryDeleted, StoryLiked, StoryViewed] as const;
