import { answerOf, cachedBody, jsonArray, type PreparedAnswer, preparedFrom } from '@nocturne/http-kit';
import { ANONYMOUS_LIST_CACHE_CONTROL, listAnswerHead, listAnswerOf } from './list-answer-head';
import type { ListAsked } from './list-asked';
import type { ListSnapshot } from './list-snapshot';

/**
 * The anonymous answer of GET /api/stories (a page of every story, or of a tag's, in the
 * request's view) at a snapshot, or undefined when the page is not at hand (below the newest
 * stories the snapshot keeps, or a tag's, not read yet: `snapshot.page` reads it), or is a
 * creator's or a rating's (never kept: see `readAnonymousListAnswer`). Worked out once per
 * snapshot, page, view, representation and status, then kept with the snapshot (bounded): the
 * hot lane sends it from memory, the route through Fastify.
 */
export function anonymousListAnswer(snapshot: ListSnapshot, asked: ListAsked): PreparedAnswer | undefined {
  const { page, filter, view } = asked;
  if (filter.creator !== null || filter.rating) return undefined;
  const found = snapshot.anonymousPage(page, filter, view);
  if (!found) return undefined;
  const answered = answerOf(found.body, asked.acceptEncoding, asked.ifNoneMatch);
  return snapshot.keptAnswer(
    `${view.name} ${page.limit} ${page.before ?? ''} ${filter.tag ?? ''} ${answered.variant.etag} ${answered.status}`,
    () => preparedFrom(listAnswerHead(snapshot.position, found, ANONYMOUS_LIST_CACHE_CONTROL), answered),
  );
}

/**
 * The anonymous answer as the route makes it: the kept one, after reading the page when it is
 * not at hand; a page the snapshot does not keep serialised (a creator's, a rating's, one larger
 * than it keeps) is serialised for this request alone.
 */
export async function readAnonymousListAnswer(
  snapshot: ListSnapshot,
  asked: ListAsked,
): Promise<PreparedAnswer> {
  const atHand = anonymousListAnswer(snapshot, asked);
  if (atHand) return atHand;
  const read = await snapshot.page(asked.page, asked.filter);
  const kept = anonymousListAnswer(snapshot, asked);
  if (kept) return kept;
  const body = cachedBody(jsonArray(read.items.map(asked.view.entry)));
  return listAnswerOf(
    snapshot.position,
    { body, nextCursor: read.nextCursor, total: read.total },
    ANONYMOUS_LIST_CACHE_CONTROL,
    asked,
  );
}
