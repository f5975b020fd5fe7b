import { HttpError } from '@nocturne/http-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, pageLimitFrom, UNKNOWN_CURSOR } from '../stories/list/paging';

/**
 * One page of an admin list: at most `limit` rows after the row `after` names (its sort key,
 * null: from the first). A keyset, not an offset, so that a page deep in a million accounts is
 * read by index from where the previous one stopped, never by counting the rows before it.
 */
export interface AdminPage {
  limit: number;
  after: readonly string[] | null;
}

/** The query string an admin list takes (the OpenAPI document says so). */
export const AdminPageQuery = z.object({
  limit: z
    .string()
    .optional()
    .describe(`One page of at most this many rows (1 to 100); without it, ${DEFAULT_PAGE_SIZE}`),
  cursor: z.string().optional().describe("Where the page starts: the previous page's X-Next-Cursor (opaque)"),
});

/** `?limit=N&cursor=...` of an admin list whose sort key has `parts` fields; a bad one is a 400. */
export function adminPageFrom(query: unknown, parts: number): AdminPage {
  const { limit, cursor } = (query ?? {}) as Record<string, unknown>;
  const size = limit === undefined ? DEFAULT_PAGE_SIZE : pageLimitFrom(limit);
  if (cursor === undefined) return { limit: size, after: null };
  const after = typeof cursor === 'string' ? decodeKey(cursor, parts) : null;
  if (after === null) throw new HttpError(400, UNKNOWN_CURSOR);
  return { limit: size, after };
}

function decodeKey(cursor: string, parts: number): string[] | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== parts) return null;
    return key.every((part) => typeof part === 'string' && part.length <= 200) ? (key as string[]) : null;
  } catch {
    return null;
  }
}

/** The cursor naming a row's sort key. */
export const adminCursor = (key: readonly string[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * The rows of a page read with one row more than asked (`limit + 1`): the page, and
 * X-Next-Cursor (the last row's key) when the extra row says more follow.
 */
export function sendPage<Row>(
  reply: FastifyReply,
  rows: readonly Row[],
  page: AdminPage,
  keyOf: (row: Row) => readonly string[],
): Row[] {
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  if (rows.length > page.limit && last !== undefined) reply.header('X-Next-Cursor', adminCursor(keyOf(last)));
  return items;
}
