import type { AccountSummary } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { firstLoadGet } from '../api/first-load-get';
import type { paths } from '../api/generated/schema';

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

type VerifyAnswer = paths['/api/auth/verify-email']['post']['responses'][200]['content']['application/json'];

/**
 * The single-use verification token sent once per page (POST /api/auth/verify-email): StrictMode's
 * second mount and re-renders reuse the answer instead of spending the token twice.
 */
export const verifyEmailQuery = (token: string | null) =>
  queryOptions({
    queryKey: authKeys.verification(token),
    queryFn: () =>
      api<VerifyAnswer>('/api/auth/verify-email', { method: 'POST', body: { token }, token: null }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
