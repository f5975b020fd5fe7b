import { answerOf, type PreparedAnswer, preparedFrom } from '@nocturne/http-kit';
import type { ListBody } from './listed-story';

/** The list's answer depends on who asks (and what they last wrote), and on the encoding. */
export const LIST_VARY = 'Accept-Encoding, Authorization, X-Admin-Code, X-Min-Position';

/**
 * A shared cache may keep the anonymous list a second; a browser asks again every time (a 304
 * when it has not changed), so "Refresh stories" right after a publish never shows the old list.
 */
export const ANONYMOUS_LIST_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, must-revalidate';

/** A signed-in viewer's list is theirs alone, and asked again every time. */
export const PRIVATE_LIST_CACHE_CONTROL = 'private, no-cache';

/** How a request takes a list's body: in which encodings, and which ETags it holds already. */
export interface ListAccepts {
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/**
 * The headers every list answer carries before its ETag: the position it was read at, what it
 * varies by, who may keep it, and its paging (how many stories in all, where the next page
 * starts). A page says both so the profile can show "Showing N of T".
 */
export function listAnswerHead(
  position: number,
  { nextCursor, total }: ListBody,
  cacheControl: string,
): string[] {
  const head = [
    'X-Projected-Position',
    String(position),
    'Vary',
    LIST_VARY,
    'Cache-Control',
    cacheControl,
    'X-Total-Count',
    String(total),
  ];
  if (nextCursor) head.push('X-Next-Cursor', nextCursor);
  return head;
}

/** A list's body as this request's answer (made for it alone: a kept one is anonymous-list-answer.ts's). */
export function listAnswerOf(
  position: number,
  list: ListBody,
  cacheControl: string,
  accepts: ListAccepts,
): PreparedAnswer {
  return preparedFrom(
    listAnswerHead(position, list, cacheControl),
    answerOf(list.body, accepts.acceptEncoding, accepts.ifNoneMatch),
  );
}
