import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The visitor's age-assurance token: proof that this browser was assured to be an adult, for a
 * visitor without an account. `<id>.<expiry>.<method>.<mac>`: a random id (names nobody), the
 * expiry in seconds (base 36), `w` (wallet) or `h` (hosted), and an HMAC over the three under a
 * key derived from the server secret for this purpose alone (no other token of ours verifies as
 * one, nor one of these as another). Under 60 characters, URL-safe: it travels in the
 * `X-Age-Assurance` header.
 */
const TOKEN = /^([A-Za-z0-9_-]{16})\.([0-9a-z]{1,9})\.([wh])\.([A-Za-z0-9_-]{22})$/;

export type AgeAssuranceMethod = 'wallet' | 'hosted';

export interface AgeTokenGrant {
  method: AgeAssuranceMethod;
  /** The provider that assured: recorded on a member's stream, never carried in a visitor token. */
  provider?: string;
  /** ISO time after which the token no longer assures. */
  expiresAt: string;
}

export interface VerifiedAgeToken {
  id: string;
  method: AgeAssuranceMethod;
  expiresAt: string;
}

const PURPOSE = 'nocturne:age-assurance-token:v1';
const methodCode = { wallet: 'w', hosted: 'h' } as const;
const methodOf = { w: 'wallet', h: 'hosted' } as const;

const keys = new Map<string, Buffer>();
/** The token key, derived once per secret: HMAC(secret, purpose). */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update(PURPOSE).digest();
    keys.set(secret, key);
  }
  return key;
}

const macOf = (secret: string, body: string) =>
  createHmac('sha256', keyOf(secret)).update(body).digest('base64url').slice(0, 22);

/** A new visitor token valid until `grant.expiresAt` (which must be after `now`). */
export function issueAgeToken(secret: string, grant: AgeTokenGrant, now: Date): string {
  const expires = Math.floor(Date.parse(grant.expiresAt) / 1000);
  if (!Number.isFinite(expires) || expires * 1000 <= now.getTime()) {
    throw new RangeError('an age token must expire after it is issued');
  }
  const body = `${randomBytes(12).toString('base64url')}.${expires.toString(36)}.${methodCode[grant.method]}`;
  return `${body}.${macOf(secret, body)}`;
}

/** What a token says, or null when it is not one of ours, was altered, or has expired. */
export function verifyAgeToken(secret: string, token: unknown, now: Date): VerifiedAgeToken | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id, expiresText, code, given] = match as unknown as [string, string, string, 'w' | 'h', string];
  const expected = Buffer.from(macOf(secret, `${id}.${expiresText}.${code}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const expiresMs = Number.parseInt(expiresText, 36) * 1000;
  if (expiresMs <= now.getTime()) return null;
  return { id, method: methodOf[code], expiresAt: new Date(expiresMs).toISOString() };
}
