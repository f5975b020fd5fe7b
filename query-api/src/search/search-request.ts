import type { StoryRatingId } from '@nocturne/domain';
import { HttpError, requireStorableText } from '@nocturne/http-kit';
import { ratingFilterFrom } from '../stories/list/label-filter';

/** What a visitor may type: a sentence or two, never a document. */
export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 50;

export interface SearchRequest {
  /** The words as typed (trimmed); PostgreSQL's websearch_to_tsquery reads them, never as syntax that can fail. */
  words: string;
  limit: number;
  /** Only the stories of this rating (null: every rating). */
  rating?: StoryRatingId | null;
}

/**
 * `?q=...&limit=N` of GET /api/search, or a 400 with a detail: no words, too many characters,
 * text PostgreSQL cannot hold (a NUL, a lone surrogate), a repeated parameter, a limit out
 * of range, or a `rating` that does not exist.
 */
export function searchRequestFrom(query: unknown): SearchRequest {
  const { q, limit } = (query ?? {}) as Record<string, unknown>;
  const rating = ratingFilterFrom(query);
  if (q !== undefined && typeof q !== 'string') throw new HttpError(400, 'q must be given once');
  const words = (q ?? '').trim();
  if (words === '') throw new HttpError(400, 'q must hold at least one word to search for');
  if (words.length > MAX_QUERY_LENGTH) {
    throw new HttpError(400, `q must be at most ${MAX_QUERY_LENGTH} characters`);
  }
  // PostgreSQL text cannot hold a NUL or a lone surrogate: a 400, never the database's error.
  requireStorableText(words, 'q');
  if (limit === undefined) return { words, limit: DEFAULT_SEARCH_LIMIT, rating };
  if (
    typeof limit !== 'string' ||
    !/^\d{1,3}$/.test(limit) ||
    Number(limit) < 1 ||
    Number(limit) > MAX_SEARCH_LIMIT
  ) {
    throw new HttpError(400, `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`);
  }
  return { words, limit: Number(limit), rating };
}
