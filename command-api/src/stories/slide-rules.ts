import { HttpError } from '@nocturne/events';

/** Spec.md sections 5 and 9: 2 to 10 slides, each an image and a text of 1 to 500 words. */
export const MIN_SLIDES = 2;
export const MAX_SLIDES = 10;
export const MAX_WORDS = 500;
/** A generous bound on characters, so 500 "words" cannot be megabytes. */
export const MAX_TEXT_CHARS = 10_000;

export const TOO_FEW_SLIDES = 'Please provide at least 2 slides (image + text).';
export const BAD_WORD_COUNT = 'Each text must be 1-500 words.';
export const TOO_MANY_SLIDES = 'A story can have at most 10 slides.';

/** Words are runs of non-space characters (the same count as the form's n/500 counter). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/**
 * Refuses a story whose slides break the rules, with the spec's messages. Called before any
 * image is processed and again by the decider.
 */
export function checkSlides(texts: readonly string[], imageCount: number): void {
  if (texts.length > MAX_SLIDES || imageCount > MAX_SLIDES) throw new HttpError(400, TOO_MANY_SLIDES);
  if (texts.length < MIN_SLIDES || imageCount !== texts.length || texts.some((t) => countWords(t) === 0)) {
    throw new HttpError(400, TOO_FEW_SLIDES);
  }
  if (texts.some((t) => countWords(t) > MAX_WORDS || t.length > MAX_TEXT_CHARS)) {
    throw new HttpError(400, BAD_WORD_COUNT);
  }
}
