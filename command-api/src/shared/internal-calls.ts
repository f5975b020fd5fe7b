import { timingSafeEqual } from 'node:crypto';

/** The header a split-mode service presents on command-api's /internal routes. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** Whether a request presents the internal token (compared in constant time). */
export const sameInternalToken = (given: unknown, token: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POSTs a JSON body to one of command-api's /internal routes with INTERNAL_TOKEN, for split
 * mode. With several command-api processes each call starts at the next one, and one that does
 * not answer is passed over for the one after it (so only calls that are safe to make twice may
 * use it). The first answer, whatever its status; undefined when none of them answered.
 */
export function internalCaller(
  commandApiUrls: readonly string[],
  path: string,
  internalToken: string,
): (body: unknown) => Promise<Response | undefined> {
  const urls = commandApiUrls.map((base) => new URL(path, base).toString());
  if (urls.length === 0) throw new Error('at least one command-api URL is needed');
  let next = 0;
  const send = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  return async (body) => {
    const first = next;
    next = (next + 1) % urls.length;
    let response: Response | undefined;
    for (let i = 0; i < urls.length && !response; i++) {
      response = await send(urls[(first + i) % urls.length]!, body).catch(() => undefined);
    }
    return response;
  };
}
