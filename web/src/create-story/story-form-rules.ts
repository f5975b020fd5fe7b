import { slidesProblem } from '@nocturne/domain';

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
}

/** The message that stops a submission, or null when the slides may be sent. */
export function draftProblem(slides: readonly DraftSlide[]): string | null {
  return slidesProblem(
    slides.map((s) => s.text),
    slides.filter((s) => s.file).length,
  );
}
