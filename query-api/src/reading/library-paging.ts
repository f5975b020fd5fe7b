import { HttpError } from '@nocturne/http-kit';
import { pageLimitFrom, UNKNOWN_CURSOR } from '../stories/list/paging';

/** One page of a shelf: at most `limit` stories from `offset`. */
export interface ShelfPage {
  limit: number;
  offset: number;
}

/**
 * `?limit=N&cursor=...` of GET /api/me/library, as GET /api/stories takes them (without either:
 * the whole shelf). A shelf is one reader's few stories reordered by every read, so the opaque
 * cursor is an offset: a position-based one would skip or repeat a story moved to the front.
 */
export function shelfPageFrom(query: Record<string, unknown>): ShelfPage | null {
  const { limit, cursor } = query;
  if (limit === undefined && cursor === undefined) return null;
  const size = pageLimitFrom(limit);
  if (cursor === undefined) return { limit: size, offset: 0 };
  const decoded =
    typeof cursor === 'string' && /^[A-Za-z0-9_-]{1,24}$/.test(cursor)
      ? /^o(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'))
      : null;
  if (!decoded) throw new HttpError(400, UNKNOWN_CURSOR);
  return { limit: size, offset: Number(decoded[1]) };
}

export const shelfCursor = (offset: number): string => Buffer.from(`o${offset}`).toString('base64url');
