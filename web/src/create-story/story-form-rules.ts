/**
 * The creation rules of spec.md sections 5 and 9, checked in the browser before sending (the
 * server checks them again with the same messages).
 */
export const MIN_SLIDES = 2;
export const MAX_SLIDES = 10;
export const MAX_WORDS = 500;

export const formMessages = {
  tooFewSlides: 'Please provide at least 2 slides (image + text).',
  badWordCount: 'Each text must be 1-500 words.',
  submitFailed: 'Failed to submit story',
  network: 'Failed to submit story. Please try again.',
} as const;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export interface DraftSlide {
  file: File | null;
  text: string;
}

/** The message that stops a submission, or null when the slides may be sent. */
export function slidesProblem(slides: readonly DraftSlide[]): string | null {
  const complete = slides.filter((s) => s.file && s.text.trim());
  if (complete.length < MIN_SLIDES || complete.length !== slides.length) return formMessages.tooFewSlides;
  if (slides.some((s) => countWords(s.text) > MAX_WORDS)) return formMessages.badWordCount;
  return null;
}
