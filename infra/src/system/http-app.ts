import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type CommandApiDeps, commandApi } from '@nocturne/command-api';
import { answerFrameworkError, installErrorHandling } from '@nocturne/events';
import { type QueryApiDeps, queryApi } from '@nocturne/query-api';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/** The built SPA's index.html folder, or undefined when it has not been built. */
export function builtWebApp(webDist: string | undefined): string | undefined {
  return webDist && existsSync(join(webDist, 'index.html')) ? webDist : undefined;
}

/** Serves the built SPA's files: hashed assets never change; index.html is always revalidated. */
export async function serveWebApp(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    setHeaders(response, path) {
      response.setHeader(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** Client-side routes (and the SPA's own 404 page) are the SPA's: answer with index.html. */
export function sendSpaIndex(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}

export interface HttpAppOptions {
  command?: CommandApiDeps | undefined;
  query?: QueryApiDeps | undefined;
  /** The built SPA (web/dist); served with an index.html fallback for client routes. */
  webDist?: string | undefined;
  logLevel?: string;
  /** Behind a reverse proxy (split mode gateway): trust X-Forwarded-For for rate limits. */
  trustProxy?: boolean;
}

/**
 * One Fastify server carrying command-api (non-GET), query-api (GET/HEAD) or both (one-process
 * mode), and optionally the SPA. Both plugins assert the method rule on every route they add.
 */
export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    frameworkErrors: answerFrameworkError,
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel ?? 'info' },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  });
  const dist = builtWebApp(options.webDist);
  installErrorHandling(app, {
    notFound: dist
      ? (request, reply) => {
          const path = request.url.split('?')[0] ?? '';
          if ((request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/')) {
            return sendSpaIndex(reply);
          }
          return reply.status(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
        }
      : undefined,
  });
  if (options.command) await app.register(commandApi, options.command);
  if (options.query) await app.register(queryApi, options.query);

  if (dist) await serveWebApp(app, dist);
  return app;
}
