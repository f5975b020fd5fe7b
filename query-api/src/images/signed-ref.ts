import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed image references for premium stories, and for Explicit ones where the viewer must be
 * assured to be an adult. An <img> cannot send a Bearer or X-Age-Assurance header, so the story
 * answer hands an entitled reader `{ref}.{subject}.{expires}.{mac}`: bound to that reader
 * (subject `u<userKey as base64url>`, `a<admin session>`, or `v<visitor age token id>`) and valid
 * for minutes only. The ref is a slide's, or a preview's (`preview-…`). The MAC (128 bits) covers
 * ref, subject and expiry, so none of them can be changed. Kept under 100 characters, Fastify's
 * longest path parameter.
 */
const SIGNED =
  /^((?:preview-)?[0-9a-f]{32})\.([uav][A-Za-z0-9_-]{1,32})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

/** Between 10 and 15 minutes: expiries fall on 5-minute steps so a refetch reuses cached images. */
const MIN_TTL_SECONDS = 10 * 60;
const STEP_SECONDS = 5 * 60;

const mac = (secret: string, ref: string, subject: string, expires: number) =>
  createHmac('sha256', secret).update(`image:${ref}:${subject}:${expires}`).digest('base64url').slice(0, 22);

/** A user key is 32 hex characters: 22 in base64url. */
export const userSubject = (userKey: string) => `u${Buffer.from(userKey, 'hex').toString('base64url')}`;
/** The user key a user subject names. */
export const userKeyOf = (subject: string) => Buffer.from(subject.slice(1), 'base64url').toString('hex');
/** A visitor assured by an age token: its random id, which names nobody. */
export const visitorSubject = (tokenId: string) => `v${tokenId}`;
export const adminSubject = (session: string) => `a${session.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32)}`;

/** What a story answer signs its images with: the viewer the references are bound to. */
export interface Signer {
  secret: string;
  /** Who the signed references are for: userSubject, adminSubject or visitorSubject. */
  subject: string;
  now: Date;
}

export function signImageRef(secret: string, ref: string, subject: string, now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000) + MIN_TTL_SECONDS;
  const expires = Math.ceil(seconds / STEP_SECONDS) * STEP_SECONDS;
  return `${ref}.${subject}.${expires.toString(36)}.${mac(secret, ref, subject, expires)}`;
}

export interface VerifiedRef {
  ref: string;
  subject: string;
  /** Seconds left before it expires. */
  secondsLeft: number;
}

/** The reference a signed name stands for, or null when it is malformed, forged or expired. */
export function verifySignedRef(secret: string, name: string, now: Date): VerifiedRef | null {
  const match = SIGNED.exec(name);
  if (!match) return null;
  const [, ref, subject, expiresText, given] = match as unknown as [string, string, string, string, string];
  const expires = Number.parseInt(expiresText, 36);
  const expected = Buffer.from(mac(secret, ref, subject, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const secondsLeft = expires - Math.floor(now.getTime() / 1000);
  return secondsLeft > 0 ? { ref, subject, secondsLeft } : null;
}
