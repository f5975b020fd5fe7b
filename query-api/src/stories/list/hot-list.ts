import type { IncomingMessage } from 'node:http';
import type { PreparedAnswer } from '@nocturne/http-kit';
import { anonymousListAnswer } from './anonymous-list-answer';
import { tagFilterFrom } from './label-filter';
import { type PageRequest, pageRequestFrom } from './paging';
import type { StoryListCache } from './story-list-cache';
import { isVisitorGet } from './visitor-get';

/** A request answered from memory before the framework sees it: its route pattern and its answer. */
export interface HotAnswer {
  route: string;
  answer: PreparedAnswer;
}

const LIST_PATH = '/api/stories';

/** `?limit=`, `?cursor=` and `?tag=` only, each at most once; anything else is the route's to read. */
function plainListRequest(query: string): { page: PageRequest; tag: string | null } | undefined {
  const params = new URLSearchParams(query);
  const given: Record<string, string> = {};
  for (const [name, value] of params) {
    if ((name !== 'limit' && name !== 'cursor' && name !== 'tag') || name in given) return undefined;
    given[name] = value;
  }
  try {
    return { page: pageRequestFrom(given), tag: tagFilterFrom(given) };
  } catch {
    return undefined; // a bad limit, cursor or tag: the route answers its 400
  }
}

/**
 * The visitors' landing and profile ask for one answer far more often than any other: the
 * anonymous story list (a page of it, or of a tag's). It is the same bytes for every visitor until the stories
 * projection moves, so a page at hand in the snapshot is answered from it, as the route would
 * answer it (the same `anonymousListAnswer`), without Fastify's routing and hooks. Whatever
 * needs more is left to the route (undefined): a viewer (Authorization, X-Admin-Code), a
 * read-your-writes wait (X-Min-Position), a HEAD, a limit, cursor or tag the route refuses,
 * a page the snapshot has not read yet, and the time before the first snapshot.
 */
export function hotListAnswers(
  storyList: StoryListCache,
): (request: IncomingMessage) => HotAnswer | undefined {
  return (request) => {
    const url = request.url ?? '';
    if (!url.startsWith(LIST_PATH) || !isVisitorGet(request)) return undefined;
    const rest = url.slice(LIST_PATH.length);
    if (rest !== '' && rest[0] !== '?') return undefined;
    const { headers } = request;
    const asked = plainListRequest(rest === '' ? '' : rest.slice(1));
    if (asked === undefined) return undefined;
    const snapshot = storyList.peek();
    if (!snapshot) return undefined;
    const answer = anonymousListAnswer(
      snapshot,
      asked.page,
      asked.tag,
      headers['accept-encoding'],
      headers['if-none-match'],
    );
    return answer && { route: LIST_PATH, answer };
  };
}
