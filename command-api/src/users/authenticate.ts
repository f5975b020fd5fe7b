import type { UserState } from '@nocturne/domain';
import { accountMessages } from '@nocturne/domain';
import { bearerTokenOf, HttpError } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { loadUserState } from './load-user';
import { locateToken } from './one-time-token';

export interface AuthenticatedUser {
  userKey: string;
  /** The normalised address, decrypted. */
  email: string;
  /** The user stream's state as of this request (decide on it, re-read on append). */
  state: UserState;
  /** Digest of the session token the request carried (logout revokes exactly this one). */
  sessionDigest: string;
}

/**
 * The user whose live session the request's Bearer token is, checked against the user stream
 * itself (not the read model), so a logout or a password reset takes effect for commands at once.
 * Null when there is no token, it is malformed, unknown, revoked or expired, or the account is
 * gone.
 */
export async function authenticateUser(
  request: FastifyRequest,
  deps: Pick<CommandApiDeps, 'store' | 'vault' | 'clock'>,
): Promise<AuthenticatedUser | null> {
  const located = locateToken(bearerTokenOf(request.headers.authorization));
  if (!located) return null;
  const state = await loadUserState(deps.store, located.userKey);
  const expiresAt = state.sessions.get(located.digest);
  if (state.status !== 'registered' || !expiresAt || Date.parse(expiresAt) <= deps.clock().getTime()) {
    return null;
  }
  const email = state.encryptedEmail ? await deps.vault.decrypt(state.encryptedEmail) : null;
  if (email === null) return null;
  return { userKey: located.userKey, email, state, sessionDigest: located.digest };
}

/** As authenticateUser, but a request without a live session is refused with 401. */
export async function requireUser(
  request: FastifyRequest,
  deps: Pick<CommandApiDeps, 'store' | 'vault' | 'clock'>,
): Promise<AuthenticatedUser> {
  const user = await authenticateUser(request, deps);
  if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
  return user;
}
