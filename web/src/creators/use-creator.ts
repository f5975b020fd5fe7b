import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchStoryPage } from '../stories/use-stories';
import { fetchCreator, fetchPenName, setFollowing } from './creators-api';

/** How many of a creator's stories a page shows, and how many more each "Load More" brings. */
export const CREATOR_PAGE = 6;

export function useCreator(handle: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.creator(handle, token),
    queryFn: ({ signal }) => fetchCreator(handle, signal),
    retry: false,
  });
}

/** The creator's live stories, newest first, a page at a time, with every list's premium rules. */
export function useCreatorStories(handle: string) {
  const { user, token } = useAuth();
  return useInfiniteQuery({
    queryKey: queryKeys.creatorStories(handle, token, user?.is_subscribed ?? false),
    queryFn: ({ pageParam, signal }) => fetchStoryPage(CREATOR_PAGE, pageParam, signal, null, handle),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Follows or unfollows; the creator's page, the Following shelf and the bell read again. */
export function useFollow(handle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(handle, follow),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.creators() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.library() });
    },
  });
}

/** The session's pen name (null before the first story); nothing for a visitor. */
export function usePenName() {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.penName(token),
    queryFn: ({ signal }) => fetchPenName(signal),
    enabled: token !== null,
  });
}
