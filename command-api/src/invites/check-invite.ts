import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { isValidInviteCode } from './invite-codes';

const Body = z.object({ code: z.string().max(200) });

/**
 * POST /api/invites/check {code} -> {valid}: the invite dialog and the /invite page ask here,
 * so the codes never ship in the bundle. Rate limited against guessing. Appends nothing.
 */
export const checkInviteRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(
    '/api/invites/check',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      const { code } = Body.parse(request.body ?? {});
      return { valid: isValidInviteCode(code, deps.options.inviteCodes) };
    },
  );
};
