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

/** A JSON value with its objects' keys in one order: the same body, however a client ordered it. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** What a request asks, as far as naming its action goes. */
export interface AskedRequest {
  method?: string | undefined;
  /** The path with the query, as the request line gives it. */
  url?: string | undefined;
  /** The body as parsed; a raw body (a buffer or a stream) counts by its route alone. */
  body?: unknown;
}

/**
 * The action a client names with its Idempotency-Key: the key together with what the request
 * asks (method, path with the query, and its body as parsed; a multipart upload or another raw
 * body by its route alone, since a browser sends the same files again under a new boundary). A
 * retry of the request is the same action; the same key with another request is another one.
 * `idempotentId(actionKey(key, request), stream, index)` is an event's id, for a client that
 * looks its acknowledged write up in the log.
 *
 * @example
 *   idempotentId(actionKey(key, { method: 'POST', url: `/api/stories/${id}/like` }), streams.storyLikes(id), 0)
 */
export function actionKey(key: string, request: AskedRequest): string {
  const body = request.body;
  const parsed =
    body === undefined ||
    body === null ||
    Buffer.isBuffer(body) ||
    typeof (body as { pipe?: unknown }).pipe === 'function'
      ? null
      : canonical(body);
  const fingerprint = createHash('sha256')
    .update(`${request.method ?? ''} ${request.url ?? ''}\n${JSON.stringify(parsed)}`)
    .digest('base64url');
  return `${key}\n${fingerprint}`;
}
