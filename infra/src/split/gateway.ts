import replyFrom from '@fastify/reply-from';
import {
  ANSWER_WHILE_CLOSING,
  answerFrameworkError,
  answerWhileClosing,
  injectRequestTrace,
  installErrorHandling,
} from '@nocturne/http-kit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from '../config';
import { addHealthRoutes, type Readiness } from '../ops/health/health-routes';
import { type LogDestination, serverLogging } from '../ops/logging/logger';
import { addRequestLog } from '../ops/logging/request-log';
import { instrumentHttp, type MetricsAccess, serveMetrics } from '../ops/metrics';
import { type RequestListener, traceEveryRequest } from '../ops/tracing/tracing';
import type { VisitorGet } from '../system/creator-first-screen';
import { HTTP_TIMEOUTS, serverTimeouts } from '../system/http-timeouts';
import { securityHeaders, securityHeaderValues, withSecurityHeaders } from '../system/security-headers';
import { builtWebApp, sendSpaIndex, serveWebApp } from '../system/web-app';
import { type UpstreamPool, upstreamPool } from './upstream-pool';

export interface GatewayOptions {
  /** Base URLs of the query-api processes, e.g. http://127.0.0.1:4101; reads go to each in turn. */
  queryApiUrls: readonly string[];
  /** Base URLs of the command-api processes; commands go to each in turn. */
  commandApiUrls: readonly string[];
  /** The built SPA (web/dist), served for every other GET/HEAD. */
  webDist?: string | undefined;
  /** SOURCE_MAPS: the build's source maps are served too. */
  sourceMaps?: boolean;
  /** PUBLIC_URL: https turns on HSTS (unset: as for http). */
  publicUrl?: string | undefined;
  logLevel?: string;
  /** Where log lines go (default stdout: pretty on a terminal, JSON otherwise). */
  logDestination?: LogDestination | undefined;
  /** What GET /readyz answers: the upstreams' readiness (ops/health/upstreams.ts). */
  readiness?: Readiness | undefined;
  /** TRUST_PROXY: whose X-Forwarded-For to believe in front of the gateway. */
  trustProxy?: TrustProxy;
  /** The gateway process's own metrics (its answers' timings), on its GET /metrics. */
  metrics?: MetricsAccess | undefined;
  /** Tracing on: each request a span, its context passed on to the service that answers. */
  traceRequests?: ((listener: RequestListener) => RequestListener) | undefined;
}

export type Upstream = 'query-api' | 'command-api';

/**
 * The routing rule, in one place: GET and HEAD under /api go to
 * query-api, every other method to command-api. Other GET/HEAD paths are the SPA's (undefined).
 */
export function upstreamFor(method: string, path: string): Upstream | undefined {
  const read = method === 'GET' || method === 'HEAD';
  if (!read) return 'command-api';
  return path === '/api' || path.startsWith('/api/') ? 'query-api' : undefined;
}

/**
 * The path as the services will understand it, so that the gateway decides on the same thing
 * it forwards: each segment percent-decoded, empty and `.` segments dropped, `..` applied,
 * backslashes read as slashes. Segments are re-encoded for the upstream. Undefined when the
 * path does not decode (a malformed escape).
 */
export function normalisePath(rawPath: string): { path: string; segments: string[] } | undefined {
  const segments: string[] = [];
  const parts = rawPath.replaceAll('\\', '/').split('/');
  for (const [i, part] of parts.entries()) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    // An encoded slash or backslash inside a segment still separates nothing upstream, but
    // it must not smuggle a dot segment or an "internal" prefix past this check either.
    if (segment === '..') segments.pop();
    else if (segment !== '.' && (segment !== '' || i === parts.length - 1)) segments.push(segment);
  }
  const trailing = segments.at(-1) === '';
  const path = `/${segments.map(encodeURIComponent).join('/')}`;
  return { path: trailing && segments.length === 1 ? '/' : path, segments: segments.filter((s) => s !== '') };
}

/** The upstream refused the connection: the request was never sent to it. */
function connectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return cause?.code === 'ECONNREFUSED';
}

function withoutBody(request: FastifyRequest): boolean {
  const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
  return chunked === undefined && (length === undefined || length === '0');
}

/** Service-to-service routes (the premium unlock) are never reachable from outside. */
export function isInternal(segments: readonly string[]): boolean {
  return segments[0]?.toLowerCase() === 'internal';
}

/**
 * Split mode's front door: a reverse proxy (Fastify + @fastify/reply-from) in front of the two
 * API processes, serving the SPA itself. Request bodies are passed through as streams (image
 * uploads are not parsed twice); X-Forwarded-For is set from the client's address so the APIs'
 * rate limits see the real client, and a client cannot forge it. Every answer says which
 * service made it (X-Served-By).
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const pools: Record<Upstream, UpstreamPool> = {
    'query-api': upstreamPool(options.queryApiUrls),
    'command-api': upstreamPool(options.commandApiUrls),
  };
  // The creator page's first screen is drawn from query-api's visitor answers
  // (../system/creator-first-screen.ts).
  const visitorGet: VisitorGet = async (url, headers) => {
    const answer = await fetch(`${pools['query-api'].next()}${url}`, { headers });
    return { status: answer.status, body: await answer.text() };
  };
  const web = builtWebApp(options.webDist, { sourceMaps: options.sourceMaps ?? false, visitorGet });
  const headers = securityHeaderValues({ publicUrl: options.publicUrl, webDist: web?.dist });
  const app = Fastify({
    ...ANSWER_WHILE_CLOSING,
    frameworkErrors: withSecurityHeaders(answerFrameworkError, headers),
    ...serverLogging({ level: options.logLevel, destination: options.logDestination }),
    // The client's address as seen through TRUST_PROXY; forwarded as the only X-Forwarded-For.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // The front door waits for its clients no longer than the services behind it do.
    ...serverTimeouts(HTTP_TIMEOUTS),
  });
  // Before every other hook: while the server closes, a request runs none of them.
  answerWhileClosing(app);
  if (options.traceRequests) traceEveryRequest(app.server, options.traceRequests);
  if (options.metrics) instrumentHttp(app, options.metrics.registry);
  // Keep bodies as raw streams for the upstream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  await app.register(replyFrom, { disableRequestLogging: true });
  addRequestLog(app);
  // The gateway's own: the probes never reach an upstream's /healthz by the catch-all below.
  if (options.readiness) addHealthRoutes(app, options.readiness);

  securityHeaders(app, headers);
  installErrorHandling(app, {});
  if (web) serveWebApp(app, web);

  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const queryAt = request.url.indexOf('?');
    const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : request.url.slice(queryAt);
    const normalised = normalisePath(rawPath);
    if (!normalised) return reply.status(400).send({ detail: 'Malformed URL' });
    const { path, segments } = normalised;
    const notFound = () => reply.status(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
    if (isInternal(segments)) return notFound();
    const upstream = upstreamFor(request.method, path);
    if (!upstream) {
      if (!web) return notFound();
      return sendSpaIndex(path, web, request, reply);
    }
    // Forward the normalised path: what was checked above is what the service routes on.
    const pool = pools[upstream];
    const forward = (base: string, again: boolean): FastifyReply =>
      reply.from(`${base}${path}${query}`, {
        rewriteRequestHeaders: (req, headers) => {
          // The gateway's span is the upstream's parent (nothing is injected when tracing is off).
          const forwarded: Record<string, unknown> = { ...headers, 'x-forwarded-for': req.ip };
          injectRequestTrace(req.headers, forwarded);
          return forwarded as typeof headers;
        },
        rewriteHeaders: (headers) => ({ ...headers, 'x-served-by': upstream }),
        onError: (rep, { error }) => {
          if (connectionRefused(error)) {
            pool.refused(base);
            // A refused request never reached the process, so it is sent to another once. Not one
            // with a body: its body is a stream the first attempt may have started to read.
            const other = pool.next();
            if (!again && other !== base && withoutBody(request)) return void forward(other, true);
          }
          rep.status(502).send({ detail: `${upstream} is not answering. Please try again.` });
        },
      });
    return forward(pool.next(), false);
  };
  // The gateway's own metrics; each service behind it serves its own on its own port.
  if (options.metrics) serveMetrics(app, options.metrics);
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: route,
  });
  return app;
}
