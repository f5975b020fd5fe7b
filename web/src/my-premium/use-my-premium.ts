import type { MyPremium } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { answerOf, asSession, publicClient } from '../api/typed-client';
import { useAuth } from '../auth/auth-context';

/** The session's premium ledger (GET /api/me/premium), read again whenever the page opens. */
export function useMyPremium() {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.myPremium(token),
    queryFn: ({ signal }): Promise<MyPremium> =>
      answerOf(publicClient.GET('/api/me/premium', { headers: asSession(token), signal })),
    enabled: token !== null,
    staleTime: 0,
  });
}
