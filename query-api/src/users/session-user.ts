import { locateUserToken } from '@nocturne/events';
import type { FastifyRequest } from 'fastify';
import type { QueryApiDeps } from '../deps';

/** The logged-in user as the read model knows them (tables `users` and `sessions`). */
export interface SessionUser {
  userKey: string;
  email: string;
  verified: boolean;
  is_subscribed: boolean;
  premium_stories_remaining: number;
}

/**
 * The user of the request's Bearer session token, or null: no token, a malformed one, or one
 * whose digest has no unexpired session (logged out, reset, deleted, or never issued). With the
 * client's X-Min-Position honoured by the app hook, a logout is seen by the next query.
 */
export async function sessionUser(
  request: FastifyRequest,
  deps: Pick<QueryApiDeps, 'db' | 'clock'>,
): Promise<SessionUser | null> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  const located = locateUserToken(token);
  if (!located) return null;
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_key', 'sessions.user_key')
    .select([
      'users.user_key',
      'users.email',
      'users.verified',
      'users.is_subscribed',
      'users.premium_stories_remaining',
    ])
    .where('sessions.session_digest', '=', located.digest)
    .where('sessions.expires_at', '>', deps.clock())
    .executeTakeFirst();
  if (!row) return null;
  return {
    userKey: row.user_key,
    email: row.email,
    verified: row.verified,
    is_subscribed: row.is_subscribed,
    premium_stories_remaining: row.premium_stories_remaining,
  };
}
