import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { metricOnce } from './registry';

/** A route of no pattern (a 404, or an SPA page from the fallback): one series, never the raw URL. */
const UNMATCHED_ROUTE = 'unmatched';
/** Every file of the built web app (system/web-app.ts adds a route per file): one series. */
const STATIC_ROUTE = 'static';

/** The label of a request's route: its pattern, or one of the two names above. */
function routeLabel(request: FastifyRequest): string {
  // The web app's routes carry the file they serve in their config.
  if ((request.routeOptions.config as { file?: unknown }).file !== undefined) return STATIC_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Records one answer: its method, route pattern, status and duration. */
export type AnswerRecorder = (method: string, route: string, statusCode: number, seconds: number) => void;

/**
 * Answers timed into `http_request_duration_seconds{method, route, status_code}`, where `route`
 * is the route's pattern (`/api/stories/:id`), never the URL (no ids, no query strings, no
 * e-mail addresses in a label, and a bounded number of series; the web app's files are one
 * `static` route). Every 429 is a rate-limit refusal, counted in
 * `nocturne_rate_limit_refusals_total{route}`. Used by the hook below and by the server's hot
 * lane (system/hot-lane.ts), whose answers never reach Fastify's hooks.
 */
export function answerRecorder(registry: Registry): AnswerRecorder {
  const duration = metricOnce(
    registry,
    'http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time from request to answer, by method, route pattern and status code',
        labelNames: ['method', 'route', 'status_code'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      }),
  );
  const refusals = metricOnce(
    registry,
    'nocturne_rate_limit_refusals_total',
    () =>
      new Counter({
        name: 'nocturne_rate_limit_refusals_total',
        help: 'Requests refused by a rate limit (429), by route pattern',
        labelNames: ['route'],
        registers: [registry],
      }),
  );
  return (method, route, statusCode, seconds) => {
    duration.observe({ method, route, status_code: String(statusCode) }, seconds);
    if (statusCode === 429) refusals.inc({ route });
  };
}

/** Every answer of `app` recorded (answerRecorder) when it has gone. */
export function instrumentHttp(app: FastifyInstance, registry: Registry): AnswerRecorder {
  const record = answerRecorder(registry);
  app.addHook('onResponse', (request, reply, done) => {
    record(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return record;
}
