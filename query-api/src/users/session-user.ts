import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/domain';
import { type RecordedEvent, streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { bearerTokenOf } from '@nocturne/http-kit';
import { type LocatedToken, locateUserToken } from '@nocturne/http-kit/auth';
import type { FastifyRequest } from 'fastify';
import type { QueryApiDeps } from '../deps';

/** The logged-in user as the read model knows them (tables `users` and `sessions`). */
export interface SessionUser {
  userKey: string;
  /** The account behind the address now: what the reader's library is keyed by. */
  accountId: string;
  email: string;
  verified: boolean;
  premium_member: boolean;
  premium_stories_remaining: number;
  /**
   * Whether they hold an unexpired age assurance (read model `age_assurances`), read with the
   * session in one statement, as every list of a signed-in reader asks it; undefined when the
   * session came from the log (memberAssured reads it then).
   */
  ageAssured?: boolean;
}

type SessionDeps = Pick<QueryApiDeps, 'db' | 'clock' | 'consistency' | 'store' | 'vault'>;

/**
 * The user of the request's Bearer session token, or null: no token, a malformed one, or one
 * whose digest has no unexpired session (logged out, reset, deleted, or never issued). With the
 * client's X-Min-Position honoured by the app hook, a logout is seen by the next query.
 *
 * A session the read model does not know yet is not refused on that ground alone: a request
 * right after the login may carry an older X-Min-Position (or none: another tab, a restored
 * session) and reach the read side before the projector has applied the `UserLoggedIn`. The
 * event log decides: when the session is live there, wait for its own position and read again.
 */
export async function sessionUser(request: FastifyRequest, deps: SessionDeps): Promise<SessionUser | null> {
  const located = locateUserToken(bearerTokenOf(request.headers.authorization));
  if (!located) return null;
  const projected = await sessionFromReadModel(located, deps);
  if (projected) return projected;
  return sessionFromLog(located, deps);
}

async function sessionFromReadModel(located: LocatedToken, deps: SessionDeps): Promise<SessionUser | null> {
  const now = deps.clock();
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_key', 'sessions.user_key')
    .leftJoin('age_assurances', (join) =>
      join.onRef('age_assurances.user_key', '=', 'users.user_key').on('age_assurances.expires_at', '>', now),
    )
    .select([
      'users.user_key',
      'users.account_id',
      'users.email',
      'users.verified',
      'users.premium_member',
      'users.premium_stories_remaining',
      'age_assurances.expires_at as assured_until',
    ])
    .where('sessions.session_digest', '=', located.digest)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userKey: row.user_key,
    accountId: row.account_id,
    email: row.email,
    verified: row.verified,
    premium_member: row.premium_member,
    premium_stories_remaining: row.premium_stories_remaining,
    ageAssured: row.assured_until !== null,
  };
}

/**
 * The session as the event log has it. Live there: wait (bounded) for the read model to reach
 * the login's position and answer from it; should the projector lag longer than that wait,
 * answer from the folded stream itself, so a valid session is never refused.
 */
async function sessionFromLog(located: LocatedToken, deps: SessionDeps): Promise<SessionUser | null> {
  const { state, events: history } = await aggregateStream<UserState, UserEvent>(
    deps.store,
    streams.user(located.userKey),
    evolveUser,
    initialUserState,
  );
  const expiresAt = state.sessions.get(located.digest);
  if (state.status !== 'registered' || !expiresAt || new Date(expiresAt) <= deps.clock()) return null;
  const login = history.findLast(
    (e) => e.type === 'UserLoggedIn' && e.data.sessionDigest === located.digest,
  ) as RecordedEvent<UserEvent> | undefined;
  if (login && (await deps.consistency.waitFor(login.position)).kind === 'ready') {
    const projected = await sessionFromReadModel(located, deps);
    if (projected) return projected;
  }
  const email = state.encryptedEmail ? await deps.vault.decrypt(state.encryptedEmail) : null;
  if (email === null || state.accountId === null) return null;
  return {
    userKey: located.userKey,
    accountId: state.accountId,
    email,
    verified: state.verified,
    premium_member: state.isPremiumMember,
    premium_stories_remaining: state.premiumRemaining,
  };
}
