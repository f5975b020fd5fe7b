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
 * The anonymous answer of GET /api/stories (the whole list, or one page of it, without `?tag=`)
 * at a snapshot: worked out once per snapshot, page size, variant and status, then kept with
 * the snapshot (a cursor's page, asked once by one client, is worked out each time).
 */
export function anonymousListAnswer(
  snapshot: ListSnapshot,
  page: PageRequest | null,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): PreparedAnswer {
  const { body, nextCursor } = page
    ? snapshot.anonymousPage(page)
    : { body: snapshot.whole, nextCursor: null };
  const { status, variant } = answerOf(body, acceptEncoding, ifNoneMatch);
  const prepare = (): PreparedAnswer => {
    const headers = [
      'X-Projected-Position',
      String(snapshot.position),
      'Vary',
      LIST_VARY,
      'Cache-Control',
      ANONYMOUS_LIST_CACHE_CONTROL,
    ];
    if (page) headers.push('X-Total-Count', String(snapshot.stories.length));
    if (nextCursor) headers.push('X-Next-Cursor', nextCursor);
    headers.push('ETag', variant.etag);
    if (status === 304) return { status, headers, body: undefined };
    if (variant.coding) headers.push('Content-Encoding', variant.coding);
    headers.push('Content-Type', JSON_TYPE);
    return { status, headers, body: variant.bytes };
  };
  if (page?.before) return prepare();
  return snapshot.keptAnswer(`${page?.limit ?? 'all'} ${variant.etag} ${status}`, prepare);
}
