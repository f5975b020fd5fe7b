import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A check's nonce and its browser secret are derived from the server secret and the check's id,
 * each under its own purpose label, so neither is ever stored: the nonce is fresh for every
 * check and unguessable without the server secret; the secret lets only the browser that started
 * the check read its result.
 */
const derive = (secret: string, purpose: string, checkId: string) =>
  createHmac('sha256', secret).update(`nocturne:${purpose}:v1:${checkId}`).digest('base64url');

export const checkNonceOf = (secret: string, checkId: string) => derive(secret, 'age-check-nonce', checkId);

export const checkSecretOf = (secret: string, checkId: string) => derive(secret, 'age-check-secret', checkId);

/** Whether `given` is the check's secret (compared in constant time). */
export function isCheckSecret(secret: string, checkId: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(checkSecretOf(secret, checkId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
