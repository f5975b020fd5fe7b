import { queryOptions } from '@tanstack/react-query';
import { answerOf, client } from '../api/typed-client';

/** The digest's keys: the session's choice, set from the answer of each change. */
export const emailDigestKeys = {
  all: () => ['email-digest'] as const,
  /** Whether the session's daily e-mail digest is on (GET /api/me/email-digest). */
  choice: (token: string | null) => [...emailDigestKeys.all(), { token }] as const,
};

export const emailDigestQuery = (token: string | null) =>
  queryOptions({
    queryKey: emailDigestKeys.choice(token),
    queryFn: async ({ signal }) => (await answerOf(client.GET('/api/me/email-digest', { signal }))).enabled,
  });
