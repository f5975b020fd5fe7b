import type { Story } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import { startedData } from '../api/started-answer';
import { answerOf, client } from '../api/typed-client';
import { takeStartedShelf } from './started-shelf';

export type ShelfName = 'continue' | 'saved' | 'read' | 'unlocked' | 'following';

/** The reader's library keys: a write of the reader's (a place, a save, a follow) refreshes `all()`. */
export const readingKeys = {
  /** Every shelf and every place in a story, whoever asks. */
  all: () => ['library'] as const,
  /** One reader's shelf: continue, saved, read, unlocked or following. */
  shelf: (token: string | null, shelf: ShelfName) => [...readingKeys.all(), { token, shelf }] as const,
  /** One reader's place in one story. */
  progress: (id: string, token: string | null) => [...readingKeys.all(), 'progress', { id, token }] as const,
};

/**
 * What a new place in story `id` makes stale: the shelves, but not that story's place, which the
 * reader who wrote it has (asked again, it would only cost a request per write while reading).
 *
 * @example queryClient.invalidateQueries(placeWritten(storyId));
 */
export const placeWritten = (id: string) => ({
  queryKey: readingKeys.all(),
  predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
    !(queryKey[1] === 'progress' && (queryKey[2] as { id?: string } | undefined)?.id === id),
});

/** One shelf of the logged-in reader's library (GET /api/me/library); nothing for a visitor. */
export const shelfQuery = (token: string | null, shelf: ShelfName) =>
  queryOptions({
    queryKey: readingKeys.shelf(token, shelf),
    queryFn: async ({ signal }): Promise<Story[]> =>
      // What the profile page's early script already asked for (./started-shelf.ts).
      (await startedData<Story[]>(takeStartedShelf(token, shelf))) ??
      answerOf(client.GET('/api/me/library', { params: { query: { shelf } }, signal })),
    enabled: token !== null,
  });

/** Where the reader stopped in one story (GET /api/stories/{id}/progress), asked afresh at each opening. */
export const progressQuery = (id: string, token: string | null) =>
  queryOptions({
    queryKey: readingKeys.progress(id, token),
    queryFn: ({ signal }) =>
      answerOf(client.GET('/api/stories/{id}/progress', { params: { path: { id } }, signal })),
    enabled: token !== null,
    retry: false,
    // Each opening asks afresh: the reader may have read on in another browser meanwhile.
    staleTime: 0,
    gcTime: 0,
  });
