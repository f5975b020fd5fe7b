import type { MyPremium, PremiumOpening } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import { answerOf, asSession, publicClient } from '../api/typed-client';

/** The reader's premium account: opening a story may spend one, which refreshes `all()`. */
export const premiumKeys = {
  all: () => ['premium'] as const,
  /** The session's premium ledger (GET /api/me/premium). */
  mine: (token: string | null) => [...premiumKeys.all(), 'me', { token }] as const,
  /** Whether opening one story would spend a premium story (GET /api/me/premium/stories/{id}). */
  opening: (id: string, token: string | null) => [...premiumKeys.all(), 'opening', { id, token }] as const,
};

/** The session's premium ledger, read again whenever the page opens. */
export const myPremiumQuery = (token: string | null) =>
  queryOptions({
    queryKey: premiumKeys.mine(token),
    queryFn: ({ signal }): Promise<MyPremium> =>
      answerOf(publicClient.GET('/api/me/premium', { headers: asSession(token), signal })),
    enabled: token !== null,
    staleTime: 0,
  });

/**
 * Whether opening a story would spend one of the reader's premium stories (it spends nothing).
 * Never cached beyond the page (gcTime 0): the next visit asks again, and finds the story unlocked.
 */
export const premiumOpeningQuery = (id: string, token: string | null) =>
  queryOptions({
    queryKey: premiumKeys.opening(id, token),
    queryFn: ({ signal }) =>
      answerOf<PremiumOpening>(
        publicClient.GET('/api/me/premium/stories/{id}', {
          params: { path: { id } },
          headers: asSession(token),
          signal,
        }),
      ),
    enabled: token !== null,
    retry: false,
    gcTime: 0,
  });
