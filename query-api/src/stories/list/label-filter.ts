import {
  handleOf,
  isValidTag,
  labelMessages,
  normaliseTag,
  penNameProblem,
  ratingFrom,
  type StoryRatingId,
} from '@nocturne/domain';
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

/** `?rating=` of GET /api/stories and GET /api/search: null without it; an unknown rating is a 400. */
export function ratingFilterFrom(query: unknown): StoryRatingId | null {
  const { rating } = (query ?? {}) as Record<string, unknown>;
  if (rating === undefined) return null;
  if (typeof rating !== 'string') throw new HttpError(400, 'rating must be given once');
  const parsed = ratingFrom(rating, 'mature');
  if ('problem' in parsed) throw new HttpError(400, parsed.problem);
  return rating.trim() === '' ? null : parsed.rating;
}
