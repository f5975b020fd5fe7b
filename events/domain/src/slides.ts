/** 2 to 10 slides, each an image and a text of 1 to 500 words. */
export const MIN_SLIDES = 2;
export const MAX_SLIDES = 10;
export const MAX_WORDS = 500;
/** A generous bound on characters, so 500 "words" cannot be megabytes. */
export const MAX_TEXT_CHARS = 10_000;

export const slideMessages = {
  tooFewSlides: 'Please provide at least 2 slides (image + text).',
  badWordCount: 'Each text must be 1-500 words.',
  tooManySlides: 'A story can have at most 10 slides.',
} as const;

/** Words are runs of non-space characters (the same count as the form's n/500 counter). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/**
 * The product's message for slides that break the rules, or null when they may be published.
 * The form asks before sending; the server asks before processing any image and again when
 * deciding.
 */
export function slidesProblem(texts: readonly string[], imageCount: number): string | null {
  if (texts.length > MAX_SLIDES || imageCount > MAX_SLIDES) return slideMessages.tooManySlides;
  if (texts.length < MIN_SLIDES || imageCount !== texts.length || texts.some((t) => countWords(t) === 0)) {
    return slideMessages.tooFewSlides;
  }
  if (texts.some((t) => countWords(t) > MAX_WORDS || t.length > MAX_TEXT_CHARS)) {
    return slideMessages.badWordCount;
  }
  return null;
}
