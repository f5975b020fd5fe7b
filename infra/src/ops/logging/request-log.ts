import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggablePath } from './redact';

/** Probes and scrapes: every few seconds from a machine, of no interest at info. */
const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A request for a file of the web app (a script, a font, an icon): anything outside `/api` and
 * `/internal` that is not a client-side route of the SPA's. Logged at debug: a page load
 * fetches dozens.
 */
function isAsset(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/internal/')) return false;
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);
}

/** The log levels at which request lines (info, and debug for probes and assets) are written. */
const requestLinesWritten = new Set(['info', 'debug', 'trace']);

/** Debug for probes and assets, info for the rest. */
export function requestLogLevel(request: Pick<FastifyRequest, 'method' | 'url'>): 'debug' | 'info' {
  const path = loggablePath(request.url);
  return quietPaths.has(path) || isAsset(request.method, path) ? 'debug' : 'info';
}

/**
 * One line per request, when the answer has gone: method, path (no query string, e-mail
 * segments replaced), status and duration; `route` is the matched pattern
 * (`/api/admin/users/:email`), for grouping.
 */
export function addRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Below info (LOG_LEVEL=warn, error, silent) no request line is written (probes and assets
    // are debug): nothing to redact or build.
    if (!requestLinesWritten.has(request.log.level)) return done();
    const path = loggablePath(request.url);
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    request.log[requestLogLevel(request)](
      {
        method: request.method,
        path,
        route: request.routeOptions.url,
        status: reply.statusCode,
        durationMs,
      },
      `${request.method} ${path} ${reply.statusCode} ${durationMs} ms`,
    );
    done();
  });
}
