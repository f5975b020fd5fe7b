import { HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { INTERNAL_TOKEN_HEADER, sameInternalToken } from '../shared/internal-calls';
import { createPremiumUnlocker } from './unlock-premium-story';

const Body = z.object({ userKey: z.string().regex(/^[0-9a-f]{32}$/), storyId: z.string().min(1).max(100) });

/**
 * POST /internal/premium/unlock: the premium unlock for query-api in split mode (separate
 * processes). Only callers that present INTERNAL_TOKEN may use it: a credential of its own,
 * never APP_SECRET, whose holder could mint admin and session tokens.
 */
export const internalUnlockRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const { internalToken } = deps.options;
  if (!internalToken) throw new Error('internal routes need an INTERNAL_TOKEN');
  const unlock = createPremiumUnlocker(deps);
  app.post('/internal/premium/unlock', async (request) => {
    if (!sameInternalToken(request.headers[INTERNAL_TOKEN_HEADER], internalToken)) {
      throw new HttpError(401, 'Not allowed');
    }
    return unlock(Body.parse(request.body));
  });
};
