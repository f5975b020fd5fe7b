import type { Story } from '@nocturne/domain';
import { answerOf, asAdmin, client, publicClient } from '../api/typed-client';

/** The server refuses more than this many characters (query-api/src/search/search-request.ts). */
export const MAX_SEARCH_LENGTH = 200;

/** Who searches: a member (their session, the default) or an admin (X-Admin-Code, no session). */
export type Searcher = { kind: 'member' } | { kind: 'admin'; token: string };

/** GET /api/search: the stories whose texts or tags hold the words, best match first. */
export async function searchStories(
  searcher: Searcher,
  words: string,
  signal?: AbortSignal,
): Promise<Story[]> {
  const query = { params: { query: { q: words } }, signal };
  return answerOf(
    searcher.kind === 'admin'
      ? publicClient.GET('/api/search', { ...query, headers: asAdmin(searcher.token) })
      : client.GET('/api/search', query),
  );
}
