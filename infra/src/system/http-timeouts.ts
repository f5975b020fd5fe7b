import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** How long a server waits for a client (ms): every wait is bounded. */
export interface HttpTimeouts {
  /** From a connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** The whole request, body included: a client that sends slowly is cut here. */
  requestMs: number;
  /** A socket on which nothing moves either way: a client that sends nothing more is cut here. */
  idleMs: number;
  /** A kept-alive connection with no request under way. */
  keepAliveMs: number;
}

/**
 * A client that sends the first bytes of an upload and stops holds an image work slot (two per
 * process) until its socket is cut: the idle timeout cuts a stalled one after 30 s, the request
 * timeout a slow one after two minutes (room for a 150 MB story on a slow line). An upload
 * waiting for a slot is not cut for idleness meanwhile (its body waits unread: command-api's
 * WorkSlots), only by the request timeout.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 120_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
};

/**
 * Fastify's settings for these timeouts. Node checks the headers and request timeouts on a
 * timer (every 30 s by default), so a request could outlive its timeout by that much: the check
 * runs at a quarter of the shortest of them (at most once a second).
 */
export function serverTimeouts(timeouts: HttpTimeouts): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout'
> & {
  http: ServerOptions;
} {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: Math.max(
        250,
        Math.min(1_000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)),
      ),
    },
  };
}
