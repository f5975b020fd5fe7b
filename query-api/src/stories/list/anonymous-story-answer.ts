import { answerOf, type PreparedAnswer, preparedFrom } from '@nocturne/http-kit';
import { ANONYMOUS_LIST_CACHE_CONTROL } from './list-answer-head';
import type { ListSnapshot } from './list-snapshot';
import type { ListedStory } from './listed-story';

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
  const answered = answerOf(snapshot.storyBody(story), acceptEncoding, ifNoneMatch);
  return snapshot.keptAnswer(`story ${answered.variant.etag} ${answered.status}`, () =>
    preparedFrom(
      [
        'X-Projected-Position',
        String(snapshot.position),
        'Vary',
        'Accept-Encoding',
        // The same for everyone, kept by a shared cache as briefly as the list it comes from.
        'Cache-Control',
        ANONYMOUS_LIST_CACHE_CONTROL,
      ],
      answered,
    ),
  );
}
