import { HttpError } from '@nocturne/http-kit';

/** One page of the story list: at most `limit` stories published before `before` (null: the newest). */
export interface PageRequest {
  limit: number;
  before: number | null;
}

export const MAX_PAGE_SIZE = 100;

/**
 * The page a list answers without `?limit=`: the largest one, so that no answer grows with the
 * library (X-Next-Cursor says where the rest starts).
 */
export const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;

const CURSOR = /^p([0-9a-z]{1,11})$/;

/**
 * The cursor is opaque to clients: the publication position of the page's last story, so the
 * next page starts right below it. Positions are unique and never change, so pages stay stable
 * while stories are published (above every cursor) or deleted (simply absent).
 */
export function encodeCursor(position: number): string {
  return Buffer.from(`p${position.toString(36)}`).toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(cursor)) return null;
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) return null;
  const position = Number.parseInt(match[1]!, 36);
  return Number.isSafeInteger(position) && position > 0 ? position : null;
}

/**
 * `?limit=N&cursor=...` of GET /api/stories; without `?limit=`, a page of DEFAULT_PAGE_SIZE.
 * A bad limit or cursor is a 400 with a detail.
 */
export function pageRequestFrom(query: unknown): PageRequest {
  const params = (query ?? {}) as Record<string, unknown>;
  const { limit, cursor } = params;
  const size = limit === undefined ? DEFAULT_PAGE_SIZE : pageLimitFrom(limit);
  if (cursor === undefined) return { limit: size, before: null };
  const before = typeof cursor === 'string' ? decodeCursor(cursor) : null;
  if (before === null) throw new HttpError(400, UNKNOWN_CURSOR);
  return { limit: size, before };
}

/** The detail of a `?cursor=` this server did not give. */
export const UNKNOWN_CURSOR = 'cursor is not one this server gave (use X-Next-Cursor)';

/** `?limit=N` of a paged list: a whole number from 1 to MAX_PAGE_SIZE, else a 400. */
export function pageLimitFrom(limit: unknown): number {
  if (
    typeof limit !== 'string' ||
    !/^\d{1,3}$/.test(limit) ||
    Number(limit) < 1 ||
    Number(limit) > MAX_PAGE_SIZE
  ) {
    throw new HttpError(400, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return Number(limit);
}

/**
 * The index of the first of `stories` (newest first by `position`) published below `before`:
 * a binary search; 0 without a cursor.
 */
export function startBelow(stories: readonly { position: number }[], before: number | null): number {
  let start = 0;
  if (before === null) return start;
  let high = stories.length;
  while (start < high) {
    const middle = (start + high) >>> 1;
    if (stories[middle]!.position < before) high = middle;
    else start = middle + 1;
  }
  return start;
}
