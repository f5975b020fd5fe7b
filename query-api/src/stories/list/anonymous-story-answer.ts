import { answerOf, JSON_TYPE, type PreparedAnswer } from '@nocturne/http-kit';
import { ANONYMOUS_LIST_CACHE_CONTROL } from './anonymous-list-answer';
import type { ListedStory, ListSnapshot } from './story-list-cache';

/**
 * The answer of GET /api/stories/{id} for a free story: the same for everyone, its entry of the
 * list snapshot, so it is worked out once per snapshot, story, variant and status and kept with
 * the snapshot (a strong ETag, and Brotli and gzip bytes above 1 KB, as the list's). The route
 * sends it, and the server's hot lane sends the same object to a visitor (the route's hot answer).
 */
export function anonymousStoryAnswer(
  snapshot: ListSnapshot,
  story: ListedStory,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): PreparedAnswer {
  const { status, variant } = answerOf(snapshot.storyBody(story), acceptEncoding, ifNoneMatch);
  return snapshot.keptAnswer(`story ${variant.etag} ${status}`, () => {
    const headers = [
      'X-Projected-Position',
      String(snapshot.position),
      'Vary',
      'Accept-Encoding',
      'ETag',
      variant.etag,
      // The same for everyone, kept by a shared cache as briefly as the list it comes from.
      'Cache-Control',
      ANONYMOUS_LIST_CACHE_CONTROL,
    ];
    if (status === 304) return { status, headers, body: undefined };
    if (variant.coding) headers.push('Content-Encoding', variant.coding);
    headers.push('Content-Type', JSON_TYPE);
    return { status, headers, body: variant.bytes };
  });
}
