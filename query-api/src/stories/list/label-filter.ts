import { handleOf, isValidTag, labelMessages, normaliseTag, penNameProblem } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';

/** `?tag=` of GET /api/stories, normalised: null without it; a tag that cannot exist is a 400. */
export function tagFilterFrom(query: unknown): string | null {
  const { tag } = (query ?? {}) as Record<string, unknown>;
  if (tag === undefined) return null;
  if (typeof tag !== 'string') throw new HttpError(400, 'tag must be given once');
  const normalised = normaliseTag(tag);
  if (!isValidTag(normalised)) throw new HttpError(400, labelMessages.badTag);
  return normalised;
}

/** `?creator=` of GET /api/stories, as a handle: null without it; one no pen name can have is a 400. */
export function creatorFilterFrom(query: unknown): string | null {
  const { creator } = (query ?? {}) as Record<string, unknown>;
  if (creator === undefined) return null;
  if (typeof creator !== 'string') throw new HttpError(400, 'creator must be given once');
  const problem = penNameProblem(creator.replace(/-/g, ' '));
  if (problem) throw new HttpError(400, problem);
  return handleOf(creator);
}

/** The stories that carry none of the reader's hidden warnings (the same list when none are hidden). */
export function withoutHiddenWarnings<T extends { row: { card: { warnings: readonly string[] } } }>(
  stories: readonly T[],
  hidden: ReadonlySet<string>,
): readonly T[] {
  if (hidden.size === 0) return stories;
  return stories.filter((s) => !s.row.card.warnings.some((w) => hidden.has(w)));
}
