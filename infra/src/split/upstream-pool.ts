/** How long a process that refused a connection is passed over before it is tried again. */
export const REFUSED_REST_MS = 1_000;

/**
 * The processes of one service behind the gateway, taken in turn (round robin). Every process of
 * a service is interchangeable: every query-api answers from the same read models, every
 * command-api decides on the same log (the store's expected revisions settle races between them).
 *
 * A process that refused a connection (killed, or not yet started again by its supervisor) is
 * passed over for `restMs`, then tried again, so that one process down costs a request or two a
 * second instead of every other request. When every process is resting, the next is taken anyway:
 * the gateway answers 502 rather than nothing.
 *
 * @example
 *   const queryApis = upstreamPool(['http://127.0.0.1:4101', 'http://127.0.0.1:4102']);
 *   const base = queryApis.next();
 *   // ...the connection to `base` was refused:
 *   queryApis.refused(base);
 */
export interface UpstreamPool {
  /** The next base URL in turn (without a trailing slash), passing over the resting ones. */
  next(): string;
  /** `base` refused a connection: the request never reached it. */
  refused(base: string): void;
}

export function upstreamPool(
  urls: readonly string[],
  { restMs = REFUSED_REST_MS, now = Date.now }: { restMs?: number; now?: () => number } = {},
): UpstreamPool {
  if (urls.length === 0) throw new Error('at least one upstream URL is needed');
  const bases = urls.map((url) => url.replace(/\/$/, ''));
  const restingUntil = bases.map(() => 0);
  let turn = 0;
  return {
    next() {
      const at = now();
      for (let tried = 0; tried < bases.length; tried++) {
        const index = (turn + tried) % bases.length;
        if (restingUntil[index]! <= at) {
          turn = index + 1;
          return bases[index]!;
        }
      }
      const index = turn % bases.length;
      turn = index + 1;
      return bases[index]!;
    },
    refused(base) {
      const index = bases.indexOf(base);
      if (index >= 0) restingUntil[index] = now() + restMs;
    },
  };
}
