import { isValidTag, labelMessages, normaliseTag } from '@nocturne/domain';
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
