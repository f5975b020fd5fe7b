import type { Story } from '@nocturne/domain';
import { api } from '../api/client';

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
  const path = `/api/search?${new URLSearchParams({ q: words })}`;
  const answer = await api<unknown>(
    path,
    searcher.kind === 'admin'
      ? { headers: { 'X-Admin-Code': searcher.token }, token: null, signal }
      : { signal },
  );
  if (!Array.isArray(answer)) throw new Error('The search answer is not an array');
  return answer as Story[];
}
