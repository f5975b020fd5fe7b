import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchNotifications, markNotificationsSeen } from './creators-api';

/**
 * How often the bell asks for news: a followed creator's new story shows within this and the
 * projection's lag, well inside ten seconds.
 */
export const NOTIFICATIONS_POLL_MS = 4_000;

export function useNotifications() {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.notifications(token),
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled: token !== null,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

export function useMarkSeen() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (through: number) => markNotificationsSeen(through),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(token) }),
  });
}
