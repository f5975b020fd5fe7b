import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readingKeys } from '../reading/reading-queries';
import { creatorKeys } from './creator-queries';
import { setFollowing } from './creators-api';

/** Follows or unfollows; the creator's page, the Following shelf and the bell read again. */
export function useFollow(handle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(handle, follow),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: creatorKeys.all() });
      void queryClient.invalidateQueries({ queryKey: readingKeys.all() });
    },
  });
}
