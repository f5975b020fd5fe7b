import type { Story } from '@nocturne/domain';
import { deviceCaches, type KeptStory, keptImageUrl, keptStoryCache, keptStoryUrl } from './kept-stories';

/** What web/src/reader/story-start.ts leaves on the window: the kept slide it drew. */
interface KeptSlideDrawn {
  id: string;
  /** The slide's index in the story. */
  slide: number;
  /** The object URL of its image, drawn from the device. */
  image: string;
}

declare global {
  interface Window {
    nocturneKeptOpeningSlide?: KeptSlideDrawn;
  }
}

/**
 * A kept story's answer and the image of the slide it opens at (`slide`, the last one where the
 * story has fewer), read from the device: what the reader page's early script draws, offline,
 * before the app has run. Undefined when the story is not kept here or that image has gone.
 *
 * @example
 * const kept = await keptOpeningSlide(account, id, 0);
 * if (kept) image.src = URL.createObjectURL(kept.image);
 */
export async function keptOpeningSlide(
  account: string,
  id: string,
  slide: number,
  storage = deviceCaches(),
): Promise<{ story: Story; slide: number; image: Blob } | undefined> {
  if (!storage) return undefined;
  // Each a single call on the account's cache, never opening (or making) it: on a phone's slow
  // core each call on Cache Storage is a turn of its own before the first slide is drawn.
  const cacheName = keptStoryCache(account);
  const answer = await storage.match(keptStoryUrl(id), { cacheName });
  const kept = answer ? ((await answer.json()) as KeptStory) : undefined;
  if (!kept || kept.story.images.length === 0) return undefined;
  const index = Math.min(slide, kept.story.images.length - 1);
  const image = await (await storage.match(keptImageUrl(kept.story.images[index]!), { cacheName }))?.blob();
  return image ? { story: kept.story, slide: index, image } : undefined;
}

/**
 * The slide the page's early script drew of this story and its image's object URL, taken once:
 * the app's reader shows the same URL, so its image is ready in the frame that replaces the early
 * one (a new URL for the same bytes would be loaded and decoded again, a blank frame between).
 */
export function takeKeptOpeningSlide(id: string): { slide: number; image: string } | undefined {
  if (typeof window === 'undefined') return undefined;
  const drawn = window.nocturneKeptOpeningSlide;
  if (!drawn || drawn.id !== id) return undefined;
  delete window.nocturneKeptOpeningSlide;
  return { slide: drawn.slide, image: drawn.image };
}
