import type { MyPremium } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';

/** The session's premium ledger (GET /api/me/premium), read again whenever the page opens. */
export function useMyPremium() {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.myPremium(token),
    queryFn: ({ signal }) => api<MyPremium>('/api/me/premium', { token, signal }),
    enabled: token !== null,
    staleTime: 0,
  });
}
