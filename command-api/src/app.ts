import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from './deps';
import { likeStoryRoutes } from './stories/like-story';

/**
 * command-api: every non-GET /api route. Feature plugins are registered here, one line each.
 * It appends events and never writes read models.
 */
export const commandApi: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.some((m) => m === 'GET' || m === 'HEAD')) {
      throw new Error(`command-api must not serve ${methods.join(',')} ${route.url} (design.md section 1)`);
    }
  });
  await app.register(likeStoryRoutes, deps);
};
