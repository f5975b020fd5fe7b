import { randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveToken, sha256Hex } from './derived-token';

/**
 * Tokens a user carries (e-mail verification and password-reset links, sessions) have the form
 * `<userKey>.<secret part>`. The user key (the pseudonymous HMAC of the address that names the
 * user stream) only LOCATES the stream: a verify or reset request carries nothing but the token.
 * It adds no strength and takes none away: the secret part is 32 bytes (for one-time links an
 * HMAC of the server secret and a random event id, for sessions random bytes), and events store
 * only sha256 of the WHOLE string, so a forged or altered token matches no digest.
 */
const userTokenPattern = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export interface LocatedToken {
  token: string;
  userKey: string;
  /** sha256 hex of the whole token: what events record. */
  digest: string;
}

/** The user key a token points at, and its digest; null when it is not a token of ours. */
export function locateUserToken(token: unknown): LocatedToken | null {
  if (typeof token !== 'string') return null;
  const match = userTokenPattern.exec(token);
  return match ? { token, userKey: match[1]!, digest: sha256Hex(token) } : null;
}

/**
 * The link token of a verification or reset grant, derived from the granting event's id: the
 * command handler (which picks the id up front) and the mail reactor compute the same token.
 */
export function linkToken(
  secret: string,
  purpose: 'verify' | 'reset',
  userKey: string,
  eventId: string,
): LocatedToken {
  const token = `${userKey}.${deriveToken(secret, purpose, eventId)}`;
  return { token, userKey, digest: sha256Hex(token) };
}

/** A fresh session token: 32 random bytes behind the user key; only its digest is recorded. */
export function newSessionToken(userKey: string): LocatedToken {
  const token = `${userKey}.${randomBytes(32).toString('base64url')}`;
  return { token, userKey, digest: sha256Hex(token) };
}

/**
 * The link token of a staff invitation, derived from the StaffInvited event's id like a user's
 * link: `<staffId>.<secret part>`, so the link locates the staff stream and the event holds
 * only its digest.
 */
export function staffInvitationToken(secret: string, staffId: string, eventId: string): LocatedToken {
  const token = `${staffId}.${deriveToken(secret, 'staff-invite', eventId)}`;
  return { token, userKey: staffId, digest: sha256Hex(token) };
}

/**
 * The unsubscribe link of the daily digest: `<userKey>.<HMAC(secret, digest-unsubscribe:userKey)>`.
 * Bound to the member and to this one purpose (it opens no session and resets nothing), with no
 * address in it; it stays valid, so a digest read weeks later still unsubscribes in one click.
 */
export function digestUnsubscribeToken(secret: string, userKey: string): string {
  return `${userKey}.${deriveToken(secret, 'digest-unsubscribe', userKey)}`;
}

/** The member an unsubscribe token was made for; null for anything else (forged, altered, another purpose). */
export function digestUnsubscribeOwner(secret: string, token: unknown): string | null {
  const located = locateUserToken(token);
  if (!located) return null;
  const expected = Buffer.from(digestUnsubscribeToken(secret, located.userKey));
  const given = Buffer.from(located.token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? located.userKey : null;
}
