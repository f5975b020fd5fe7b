import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { answerOf, publicClient } from '../api/typed-client';

/**
 * The curated tags writers choose from (GET /api/tags), alphabetical. A module of its own: the
 * landing's tag filter loads it with the first script, so nothing else may ride along.
 */
export function useCuratedTags() {
  return useQuery({
    queryKey: queryKeys.labelChoices(),
    queryFn: async ({ signal }) => (await answerOf(publicClient.GET('/api/tags', { signal }))).tags,
    staleTime: 60_000,
  });
}
