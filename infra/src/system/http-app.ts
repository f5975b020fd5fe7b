import fastifyCompress from '@fastify/compress';
import { type CommandApiDeps, commandApi } from '@nocturne/command-api';
import {
  ANSWER_WHILE_CLOSING,
  adminAuthentication,
  answerFrameworkError,
  answerWhileClosing,
  installErrorHandling,
} from '@nocturne/http-kit';
import { type QueryApiDeps, queryApi } from '@nocturne/query-api';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from '../config';
import { openApiRoute } from '../openapi/openapi-route';
import { addHealthRoutes, type Readiness } from '../ops/health/health-routes';
import { type LogDestination, serverLogging } from '../ops/logging/logger';
import { addRequestLog, logRequest } from '../ops/logging/request-log';
import { instrumentHttp, type MetricsAccess, serveMetrics } from '../ops/metrics';
import { type RequestListener, traceEveryRequest } from '../ops/tracing/tracing';
import type { VisitorGet } from './creator-first-screen';
import { HotLane } from './hot-lane';
import { HTTP_TIMEOUTS, type HttpTimeouts, serverTimeouts } from './http-timeouts';
import { securityHeaders, securityHeaderValues, withSecurityHeaders } from './security-headers';
import { builtWebApp, sendSpaIndex, serveWebApp } from './web-app';

/**
 * JSON answers above 1 KB go out compressed when the client accepts it (Brotli at a fast
 * setting, else gzip). An answer that already says how it is encoded (a precompressed asset, a
 * cached answer that keeps its own compressed bytes) is left as it is: never compressed twice.
 * Request bodies are not inflated: the APIs take plain JSON, forms and multipart only.
 *
 * An answer up to 64 KB is compressed in one synchronous call. The plugin's default on two cores
 * streams anything above 8 KB through the thread pool, and for a page of stories (a search's is
 * about 35 KB) the stream's setup and hand-offs cost the event loop more than the compression
 * itself; the pool's thread would only take a core the database needs (docs/performance.md,
 * "Search").
 */
async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 64 * 1024,
    globalDecompression: false,
  });
}

export interface HttpAppOptions {
  command?: CommandApiDeps | undefined;
  query?: QueryApiDeps | undefined;
  /** The built SPA (web/dist); served with an index.html fallback for client routes. */
  webDist?: string | undefined;
  /** SOURCE_MAPS: the build's source maps are served too. */
  sourceMaps?: boolean;
  logLevel?: string;
  /** Where log lines go (default stdout: pretty on a terminal, JSON otherwise). */
  logDestination?: LogDestination | undefined;
  /** What GET /readyz answers (ops/health); without it, /healthz and /readyz are not served. */
  readiness?: Readiness | undefined;
  /** PUBLIC_URL: https turns on HSTS (unset: as for http). */
  publicUrl?: string | undefined;
  /** Whose X-Forwarded-For to believe (TRUST_PROXY; split mode's services: the gateway's). */
  trustProxy?: TrustProxy | true;
  /** The process's metrics: every answer timed, and served on GET /metrics. */
  metrics?: MetricsAccess | undefined;
  /** The OpenAPI document, served at GET /api/openapi.json (a GET: where query-api runs). */
  apiDocument?: (() => Promise<unknown>) | undefined;
  /** Told of every route as it is added (the fuzz test sends to each). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
  /** How long the server waits for a client (default HTTP_TIMEOUTS; tests shorten them). */
  timeouts?: HttpTimeouts | undefined;
  /** Tracing on: every request, the hot lane's included, is a span (ops/tracing). */
  traceRequests?: ((listener: RequestListener) => RequestListener) | undefined;
}

/**
 * Every /api route of a server: command-api, query-api (either or both) and the OpenAPI
 * document. Its own function so that the OpenAPI test can see each route as it is added.
 */
export async function registerApis(
  app: FastifyInstance,
  options: Pick<HttpAppOptions, 'command' | 'query' | 'apiDocument'>,
): Promise<void> {
  // Before the APIs, at the root: X-Admin-Code is checked on every route, unknown ones included.
  const adminAuth = options.command?.adminAuth ?? options.query?.adminAuth;
  if (adminAuth) await app.register(adminAuthentication(adminAuth));
  if (options.command) await app.register(commandApi, options.command);
  if (options.query) await app.register(queryApi, options.query);
  if (options.apiDocument) await app.register(openApiRoute(options.apiDocument));
}

/**
 * One Fastify server carrying command-api (non-GET), query-api (GET/HEAD) or both (one-process
 * mode), and optionally the SPA. Both plugins assert the method rule on every route they add.
 */
export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  // The creator page's first screen is drawn from the query API's own visitor answers, asked of
  // this server in-process (./creator-first-screen.ts).
  let served: FastifyInstance | undefined;
  const visitorGet: VisitorGet | undefined = options.query
    ? async (url, headers) => {
        const answer = await served!.inject({ method: 'GET', url, headers });
        return { status: answer.statusCode, body: answer.body };
      }
    : undefined;
  const web = builtWebApp(options.webDist, { sourceMaps: options.sourceMaps ?? false, visitorGet });
  const headers = securityHeaderValues({ publicUrl: options.publicUrl, webDist: web?.dist });
  // The hot answers the routes declare are answered before Fastify (hot-lane.ts).
  const lane = new HotLane(headers);
  const app = Fastify({
    ...ANSWER_WHILE_CLOSING,
    serverFactory: lane.serverFactory,
    frameworkErrors: withSecurityHeaders(answerFrameworkError, headers),
    ...serverLogging({ level: options.logLevel, destination: options.logDestination }),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(options.timeouts ?? HTTP_TIMEOUTS),
  });
  // Before every other hook: while the server closes, a request runs none of them.
  answerWhileClosing(app);
  if (options.traceRequests) traceEveryRequest(app.server, options.traceRequests);
  // First: the timing hook sees every route added after it.
  const record = options.metrics ? instrumentHttp(app, options.metrics.registry) : undefined;
  addRequestLog(app);
  lane.reportTo((request, route, status, elapsedMs) => {
    const method = request.method ?? 'GET';
    record?.(method, route, status, elapsedMs / 1000);
    logRequest(app.log, { method, url: request.url ?? '', route, status, elapsedMs });
  }, app.log);
  app.addHook('preClose', () => lane.close());
  // Before the routes: each route that declares a hot answer joins the lane's table.
  app.addHook('onRoute', lane.onRoute);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  securityHeaders(app, headers);
  installErrorHandling(app, {
    notFound: web
      ? (request, reply) => {
          const path = request.url.split('?')[0] ?? '';
          if ((request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/')) {
            return sendSpaIndex(path, web, request, reply);
          }
          return reply.status(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
        }
      : undefined,
  });
  // Before the routes: the compression hook is attached to each route as it is added.
  await compressAnswers(app);
  if (options.readiness) addHealthRoutes(app, options.readiness);
  await registerApis(app, options);
  if (options.metrics) serveMetrics(app, options.metrics);

  if (web) serveWebApp(app, web);
  served = app;
  return app;
}
