import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
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

/** What a request line says: method, path, route pattern, status and duration. */
export interface AnsweredRequest {
  method: string;
  url: string;
  route: string | undefined;
  status: number;
  elapsedMs: number;
}

type RequestLogger = Pick<FastifyBaseLogger, 'level' | 'info' | 'debug'>;

/**
 * One request's line, when the answer has gone: method, path (no query string, e-mail segments
 * replaced), status and duration; `route` is the matched pattern (`/api/admin/users/:email`),
 * for grouping. Below info (LOG_LEVEL=warn, error, silent) nothing is built.
 */
export function logRequest(log: RequestLogger, answered: AnsweredRequest): void {
  if (!requestLinesWritten.has(log.level)) return;
  const path = loggablePath(answered.url);
  const durationMs = Math.round(answered.elapsedMs * 10) / 10;
  log[requestLogLevel({ method: answered.method, url: answered.url })](
    { method: answered.method, path, route: answered.route, status: answered.status, durationMs },
    `${answered.method} ${path} ${answered.status} ${durationMs} ms`,
  );
}

/** Every request of `app` logged (logRequest) when its answer has gone. */
export function addRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    logRequest(request.log, {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      status: reply.statusCode,
      elapsedMs: reply.elapsedTime,
    });
    done();
  });
}
