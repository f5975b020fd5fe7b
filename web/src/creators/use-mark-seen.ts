import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { creatorKeys } from './creator-queries';
import { markNotificationsSeen } from './creators-api';

/** Marks the bell's notifications seen up to one, then reads them again. */
export function useMarkSeen() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (through: number) => markNotificationsSeen(through),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: creatorKeys.notifications(token) }),
  });
}
