import type { Story } from '@nocturne/events/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';

/** spec.md section 8: a list that fails or is not an array is an error. */
export async function fetchStories(): Promise<Story[]> {
  const data = await api<unknown>('/api/stories');
  if (!Array.isArray(data)) throw new Error('The story list is not an array');
  return data as Story[];
}

/** Every published story, newest first (the landing shows the first 5, the profile all). */
export function useStories() {
  const { user, token } = useAuth();
  return useQuery({
    // Anything that changes the list (a new story, a like) invalidates queryKeys.stories().
    queryKey: queryKeys.storyList(token, user?.is_subscribed ?? false),
    queryFn: fetchStories,
    placeholderData: (previous) => previous, // keep the grid while the viewer's identity settles
  });
}
