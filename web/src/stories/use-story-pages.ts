import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchStoryPage } from './use-stories';

/**
 * The published stories, newest first, a page at a time from the server: `first` stories, then
 * `step` more per fetchNextPage (the profile asks for 6, then 5 per Load More), only those
 * carrying `tag` when one is chosen. So a big
 * library costs a reader the same as a small one.
 */
export function useStoryPages(first: number, step: number = first, tag: string | null = null) {
  const { user, token } = useAuth();
  return useInfiniteQuery({
    // Anything that changes the list (a new story, a like) invalidates queryKeys.stories().
    queryKey: queryKeys.storyPages(token, user?.is_subscribed ?? false, first, tag),
    queryFn: ({ pageParam, signal }) => fetchStoryPage(pageParam ? step : first, pageParam, signal, tag),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous, // keep the grid while the viewer's identity settles
  });
}
