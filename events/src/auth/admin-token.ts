import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived admin session tokens: `adm.<session>.<expiresAtMs>.<hmac>`, signed with the
 * server secret. Stateless, so command-api and query-api (separate processes in split mode)
 * both verify them without sharing memory. The SPA keeps this token, never the password.
 */
const PREFIX = 'adm';

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function issueAdminToken(
  secret: string,
  now: Date,
  ttlMs = 8 * 60 * 60 * 1000,
): { token: string; session: string } {
  const session = randomBytes(12).toString('base64url');
  const body = `${PREFIX}.${session}.${now.getTime() + ttlMs}`;
  return { token: `${body}.${sign(secret, body)}`, session };
}

/** The admin session named by a valid, unexpired token; null otherwise. */
export function verifyAdminToken(secret: string, token: string, now: Date): { session: string } | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [, session, expires, mac] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${PREFIX}.${session}.${expires}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!(Number(expires) > now.getTime())) return null;
  return { session };
}
