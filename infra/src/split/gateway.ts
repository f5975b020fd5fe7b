import replyFrom from '@fastify/reply-from';
import { answerFrameworkError, installErrorHandling } from '@nocturne/events';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { builtWebApp, sendSpaIndex, serveWebApp } from '../system/http-app';

export interface GatewayOptions {
  /** Base URL of the query-api process, e.g. http://127.0.0.1:4101. */
  queryApiUrl: string;
  /** Base URL of the command-api process. */
  commandApiUrl: string;
  /** The built SPA (web/dist), served for every other GET/HEAD. */
  webDist?: string | undefined;
  logLevel?: string;
}

export type Upstream = 'query-api' | 'command-api';

/**
 * The routing rule of design.md section 1, in one place: GET and HEAD under /api go to
 * query-api, every other method to command-api. Other GET/HEAD paths are the SPA's (undefined).
 */
export function upstreamFor(method: string, path: string): Upstream | undefined {
  const read = method === 'GET' || method === 'HEAD';
  if (!read) return 'command-api';
  return path === '/api' || path.startsWith('/api/') ? 'query-api' : undefined;
}

/**
 * Split mode's front door: a reverse proxy (Fastify + @fastify/reply-from) in front of the two
 * API processes, serving the SPA itself. Request bodies are passed through as streams (image
 * uploads are not parsed twice); X-Forwarded-For is set from the client's address so the APIs'
 * rate limits see the real client, and a client cannot forge it. Every answer says which
 * service made it (X-Served-By).
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    frameworkErrors: answerFrameworkError,
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel ?? 'info' },
    trustProxy: false,
  });
  // Keep bodies as raw streams for the upstream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  await app.register(replyFrom, { disableRequestLogging: true });

  const dist = builtWebApp(options.webDist);
  installErrorHandling(app, {});
  if (dist) await serveWebApp(app, dist);

  const bases: Record<Upstream, string> = {
    'query-api': options.queryApiUrl.replace(/\/$/, ''),
    'command-api': options.commandApiUrl.replace(/\/$/, ''),
  };

  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    // Service-to-service routes (the premium unlock) are never reachable from outside.
    if (path === '/internal' || path.startsWith('/internal/')) {
      return reply.status(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
    }
    const upstream = upstreamFor(request.method, path);
    if (!upstream) {
      if (!dist) return reply.status(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
      return sendSpaIndex(reply);
    }
    return reply.from(`${bases[upstream]}${request.url}`, {
      rewriteRequestHeaders: (req, headers) => ({ ...headers, 'x-forwarded-for': req.ip }),
      rewriteHeaders: (headers) => ({ ...headers, 'x-served-by': upstream }),
      onError: (rep) => {
        rep.status(502).send({ detail: `${upstream} is not answering. Please try again.` });
      },
    });
  };
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: route,
  });
  return app;
}
