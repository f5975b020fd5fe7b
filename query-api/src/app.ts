import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from './deps';
import { listStoriesRoutes } from './stories/list-stories';

/**
 * query-api: every GET/HEAD /api route, over the read models. Never appends events (the one
 * exception, the premium unlock, goes through a port to command-api).
 */
export const queryApi: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
      throw new Error(`query-api must not serve ${methods.join(',')} ${route.url} (design.md section 1)`);
    }
  });
  // Read-your-writes: wait (bounded) until the read models reach the client's last write.
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-min-position'];
    const position = typeof header === 'string' ? Number(header) : Number.NaN;
    if (Number.isSafeInteger(position) && position > 0) await deps.consistency.waitFor(position);
  });
  await app.register(listStoriesRoutes, deps);
};
