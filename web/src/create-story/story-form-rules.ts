import { altTextsProblem, slidesProblem } from '@nocturne/domain';

/**
 * The creation form's side of the slide rules: the rules themselves
 * are the domain's, checked here before sending and again by the server with the same messages.
 */
export const formMessages = {
  submitFailed: 'Failed to submit story',
  network: 'Failed to submit story. Please try again.',
} as const;

export interface DraftSlide {
  file: File | null;
  text: string;
  /** What the image shows, for readers who cannot see it ('' for none). */
  alt: string;
  /** The image the slide keeps from the saved story or draft, while no new file is chosen. */
  kept?: KeptImage;
}

/** A saved slide's image: its slide number (the multipart `keep`) and where it is shown from. */
export interface KeptImage {
  slide: number;
  src: string;
}

const hasImage = (slide: DraftSlide) => slide.file !== null || slide.kept !== undefined;

/** The message that stops a submission, or null when the slides may be sent. */
export function draftProblem(slides: readonly DraftSlide[]): string | null {
  return (
    slidesProblem(
      slides.map((s) => s.text),
      slides.filter(hasImage).length,
    ) ?? altTextsProblem(slides.map((s) => s.alt))
  );
}

/**
 * The multipart content of a story, a draft or a revision: per slide its text, its alt text
 * ('' for none), and either a new image (in slide order) or the saved image it keeps. `keep` is sent only when some slide keeps
 * one, so that a new story is the plain form POST /api/stories has always taken.
 */
export function contentBody(slides: readonly DraftSlide[]): FormData {
  const body = new FormData();
  const keeps = slides.some((slide) => slide.kept !== undefined && slide.file === null);
  for (const slide of slides) {
    if (slide.file) body.append('images', slide.file);
    body.append('texts', slide.text.trim());
    body.append('alts', slide.alt.trim());
    if (keeps) body.append('keep', slide.file || !slide.kept ? '' : String(slide.kept.slide));
  }
  return body;
}

/** An ISO time as a datetime-local field shows it: the browser's local time, to the minute. */
export function localDateTime(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
