import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { inviteAttemptLimit, isValidInviteCode } from './invite-codes';

const Body = z.object({ code: z.string().max(200) });

const checkInviteDoc = apiSchema({
  summary: 'Check an invite code (it lets someone without an account publish)',
  tags: ['stories'],
  body: Body,
  ok: { 200: { description: 'Valid or not', schema: z.object({ valid: z.boolean() }) } },
  errors: { 400: 'No code', 429: 'Too many invite-code attempts from this client (Retry-After)' },
});

/**
 * POST /api/invites/check {code} -> {valid}: the invite dialog and the /invite page ask here,
 * so the codes never ship in the bundle. Rate limited against guessing, together with the
 * X-Invite-Code attempts of publishing. Appends nothing.
 */
export const checkInviteRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const options = { preHandler: inviteAttemptLimit(deps), schema: checkInviteDoc };
  app.post('/api/invites/check', options, async (request) => {
    const { code } = Body.parse(request.body ?? {});
    return { valid: isValidInviteCode(code, deps.options.inviteCodes) };
  });
};
