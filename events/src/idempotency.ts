import { createHash } from 'node:crypto';

/**
 * What a client's Idempotency-Key may be: 1 to 200 visible ASCII characters (a UUID, as the web
 * app sends, fits; so does any key a script makes).
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * The id of the `index`th event a command appends to `stream` for the action the client named
 * with `key`: the same action retried gives the same ids, and the store answers a batch whose
 * ids it already holds as it answered the original (nothing is stored twice). Another stream,
 * or another key, gives other ids. A UUID (version 8: made by hashing) as both stores need.
 */
export function idempotentId(key: string, stream: string, index: number): string {
  const hex = createHash('sha256').update(`${key}\n${stream}\n${index}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
