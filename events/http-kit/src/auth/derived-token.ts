import { createHash, createHmac } from 'node:crypto';

/**
 * One-time tokens (e-mail verification, password reset) derived from the server secret and the
 * id of the event that grants them: token = HMAC(secret, purpose:eventId), 32 bytes, base64url.
 * The event stores only sha256(token); the mail reactor derives the same token from the event id
 * to build the link. So no token is ever in the log, in clear or encrypted, and a retried command
 * (same event id) yields the same token.
 */
export function deriveToken(
  secret: string,
  purpose: 'verify' | 'reset' | 'staff-invite' | 'digest-unsubscribe',
  eventId: string,
): string {
  return createHmac('sha256', secret).update(`${purpose}:${eventId}`).digest('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
