import { queryOptions } from '@tanstack/react-query';
import type { Answer } from '../api/answer';
import { api } from '../api/client';

/** One e-mail verification link, sent once. */
export const verificationKey = (token: string | null) => ['auth', 'verification', { token }] as const;

/**
 * The single-use verification token sent once per page (POST /api/auth/verify-email): StrictMode's
 * second mount and re-renders reuse the answer instead of spending the token twice.
 */
export const verifyEmailQuery = (token: string | null) =>
  queryOptions({
    queryKey: verificationKey(token),
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
