import type { AccountSummary } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';
import { startedData } from '../api/started-answer';
import { takeStartedSessionCheck } from './started-session-check';

/**
 * The session's keys. This module loads with the landing's first script (the session check), so
 * it sends through first-load-get, never the typed client; what only the auth pages ask for
 * (./verify-email-query) is apart from it.
 */
export const authKeys = {
  /** Every session's user (dropped when the session ends). */
  users: () => ['auth', 'me'] as const,
  /** The user of the session `token` (GET /api/auth/me). */
  me: (token: string | null) => [...authKeys.users(), { token }] as const,
};

/** The session's user (GET /api/auth/me), re-read only when asked (refresh) or for a new token. */
export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: authKeys.me(token),
    // The profile's early script may have asked already (web/src/reading/profile-start.ts).
    queryFn: async (): Promise<AccountSummary> =>
      (await startedData<AccountSummary>(takeStartedSessionCheck(token))) ??
      firstLoadGet('/api/auth/me', { token }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
