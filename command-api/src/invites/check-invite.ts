import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { inviteAttemptLimit, isValidInviteCode } from './invite-codes';

const Body = z.object({ code: z.string().max(200) });

/**
 * POST /api/invites/check {code} -> {valid}: the invite dialog and the /invite page ask here,
 * so the codes never ship in the bundle. Rate limited against guessing, together with the
 * X-Invite-Code attempts of publishing. Appends nothing.
 */
export const checkInviteRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/invites/check', { preHandler: inviteAttemptLimit(deps) }, async (request) => {
    const { code } = Body.parse(request.body ?? {});
    return { valid: isValidInviteCode(code, deps.options.inviteCodes) };
  });
};
