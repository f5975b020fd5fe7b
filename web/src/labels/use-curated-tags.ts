import { useQuery } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';
import { queryKeys } from '../api/query-keys';

/**
 * The curated tags writers choose from (GET /api/tags), alphabetical. A module of its own: the
 * landing's tag filter loads it with the first script, so nothing else may ride along.
 */
export function useCuratedTags() {
  return useQuery({
    queryKey: queryKeys.labelChoices(),
    queryFn: async ({ signal }) => (await firstLoadGet('/api/tags', { token: null, signal })).tags,
    staleTime: 60_000,
  });
}
