import { slidesProblem } from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';

/**
 * Refuses a story whose slides break the rules (the domain's slidesProblem), with the spec's
 * messages. Called before any image is processed and again by the decider.
 */
export function checkSlides(texts: readonly string[], imageCount: number): void {
  const problem = slidesProblem(texts, imageCount);
  if (problem) throw new HttpError(400, problem);
}
