import type { AccountSummary } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import type { Answer } from '../api/answer';
import { api } from '../api/client';
import { firstLoadGet } from '../api/first-load-get';

/**
 * The session's keys. This module loads with the landing's first script (the session check), so
 * it sends through first-load-get and the plain client, never the typed client.
 */
export const authKeys = {
  /** Every session's user (dropped when the session ends). */
  users: () => ['auth', 'me'] as const,
  /** The user of the session `token` (GET /api/auth/me). */
  me: (token: string | null) => [...authKeys.users(), { token }] as const,
  /** One e-mail verification link, sent once. */
  verification: (token: string | null) => ['auth', 'verification', { token }] as const,
};

/** The session's user (GET /api/auth/me), re-read only when asked (refresh) or for a new token. */
export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: authKeys.me(token),
    queryFn: (): Promise<AccountSummary> => firstLoadGet('/api/auth/me', { token }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The single-use verification token sent once per page (POST /api/auth/verify-email): StrictMode's
 * second mount and re-renders reuse the answer instead of spending the token twice.
 */
export const verifyEmailQuery = (token: string | null) =>
  queryOptions({
    queryKey: authKeys.verification(token),
    queryFn: () =>
      api<Answer<'/api/auth/verify-email', 'post'>>('/api/auth/verify-email', {
        method: 'POST',
        body: { token },
        token: null,
      }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
