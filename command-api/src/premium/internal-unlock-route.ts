import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '@nocturne/events';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { createPremiumUnlocker } from './unlock-premium-story';

const Body = z.object({ userKey: z.string().regex(/^[0-9a-f]{32}$/), storyId: z.string().min(1).max(100) });

const sameSecret = (given: unknown, secret: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST /internal/premium/unlock: the premium unlock for query-api in split mode (separate
 * processes). Only callers that know the server secret (X-Internal-Secret) may use it.
 */
export const internalUnlockRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const unlock = createPremiumUnlocker(deps);
  app.post('/internal/premium/unlock', async (request) => {
    if (!sameSecret(request.headers['x-internal-secret'], deps.options.secret)) {
      throw new HttpError(401, 'Not allowed');
    }
    return unlock(Body.parse(request.body));
  });
};
