import { type FetchQueryOptions, useQueryClient } from '@tanstack/react-query';

// biome-ignore lint/suspicious/noExplicitAny: each query has its own answer's and key's types
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * Starts a signed-in page's first requests beside the start-up session check rather than after
 * it: the stored token is known from the start, so the answers are on their way while the check
 * runs. The page's guard still waits for the check before anything is shown; without a token
 * nothing is asked. Called during render, as TanStack's usePrefetchQuery is, so the requests go
 * out with the route's first render; a query already cached or in flight is left alone.
 */
export function usePrefetchBesideSessionCheck(token: string | null, queries: AnyQuery[]): void {
  const queryClient = useQueryClient();
  if (token === null) return;
  for (const query of queries) {
    if (!queryClient.getQueryState(query.queryKey)) void queryClient.prefetchQuery(query);
  }
}
