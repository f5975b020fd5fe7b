import {
  type ContentWarningId,
  DEFAULT_STORY_RATING,
  readingMinutes,
  type StoryRatingId,
  teaser,
} from '@nocturne/domain';
import type { StoryCard, StorySlide } from '../../read-model/schema';

/**
 * What the list and the reader send of a story, prepared once when it is published: the slide
 * images, texts and creator-written alt texts in order, the locked variant's teaser (the first words of the first text),
 * the reading time and the labels, so an answer is assembled from fields, never computed per
 * row and request. StoryLabelsChanged replaces the labels, StoryRatingChanged the rating
 * (stories-projection.ts).
 */
export function storyCard(
  slides: readonly StorySlide[],
  labels: { tags: string[]; warnings: ContentWarningId[]; rating?: StoryRatingId } = {
    tags: [],
    warnings: [],
  },
): StoryCard {
  const alts = slides.map((s) => s.alt ?? '');
  return {
    images: slides.map((s) => s.image.ref),
    texts: slides.map((s) => s.text),
    // Only when the creator wrote one: a card without them reads as it always has.
    ...(alts.some(Boolean) ? { alts } : {}),
    teaser: teaser(slides[0]?.text ?? ''),
    readingMinutes: readingMinutes(slides.map((s) => s.text)),
    tags: labels.tags,
    warnings: labels.warnings,
    rating: labels.rating ?? DEFAULT_STORY_RATING,
  };
}
