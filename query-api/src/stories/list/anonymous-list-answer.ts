import { answerOf, JSON_TYPE, type PreparedAnswer } from '@nocturne/http-kit';
import type { PageRequest } from './paging';
import type { ListSnapshot } from './story-list-cache';

/** The list's answer depends on who asks (and what they last wrote), and on the encoding. */
export const LIST_VARY = 'Accept-Encoding, Authorization, X-Admin-Code, X-Min-Position';

/**
 * A shared cache may keep the anonymous list a second; a browser asks again every time (a 304
 * when it has not changed), so "Refresh stories" right after a publish never shows the old list.
 */
export const ANONYMOUS_LIST_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, must-revalidate';

/**
 * The anonymous answer of GET /api/stories (a page of every story, or of a tag's) at a snapshot,
 * or undefined when the page is not at hand (below the newest stories the snapshot keeps, or a
 * tag's, not read yet: `snapshot.page` reads it). Worked out once per snapshot, page, variant
 * and status, then kept with the snapshot (bounded).
 */
export function anonymousListAnswer(
  snapshot: ListSnapshot,
  page: PageRequest,
  tag: string | null,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): PreparedAnswer | undefined {
  const found = snapshot.anonymousPage(page, { tag, creator: null, rating: null, hidden: [] });
  if (!found) return undefined;
  const { body, nextCursor, total } = found;
  const { status, variant } = answerOf(body, acceptEncoding, ifNoneMatch);
  const prepare = (): PreparedAnswer => {
    const headers = [
      'X-Projected-Position',
      String(snapshot.position),
      'Vary',
      LIST_VARY,
      'Cache-Control',
      ANONYMOUS_LIST_CACHE_CONTROL,
      'X-Total-Count',
      String(total),
    ];
    if (nextCursor) headers.push('X-Next-Cursor', nextCursor);
    headers.push('ETag', variant.etag);
    if (status === 304) return { status, headers, body: undefined };
    if (variant.coding) headers.push('Content-Encoding', variant.coding);
    headers.push('Content-Type', JSON_TYPE);
    return { status, headers, body: variant.bytes };
  };
  return snapshot.keptAnswer(
    `${page.limit} ${page.before ?? ''} ${tag ?? ''} ${variant.etag} ${status}`,
    prepare,
  );
}
