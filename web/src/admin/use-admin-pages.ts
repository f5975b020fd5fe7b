import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/**
 * An admin list a page at a time (the server answers at most a page, X-Next-Cursor says where
 * the next starts): the first page, then one more per fetchNextPage ("Load More").
 */
export function useAdminPages<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null) => Promise<Page>,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
