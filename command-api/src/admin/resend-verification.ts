import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { chosenId, commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from '../users/account-decider';
import { oneTimeToken } from '../users/one-time-token';
import { adminActorOnUser } from './admin-actor';
import { adminCommandErrors, adminRateLimit } from './admin-rate-limit';
import { TargetUserParams, targetUser } from './target-user';

const resendDoc = apiSchema({
  summary: 'Send a user a new verification link (admin)',
  tags: ['admin'],
  security: ['admin'],
  params: TargetUserParams,
  ok: { 200: { description: 'Sent', schema: z.object({ message: z.string() }) } },
  errors: {
    400: 'The address is verified already',
    ...adminCommandErrors,
    404: 'User not found',
  },
});

/**
 * POST /api/admin/users/{email}/resend-verification: VerificationEmailRequested with a new
 * link token, derived from the event id exactly as at signup, so the mail reactor can rebuild
 * the link while the log holds only the token's digest. The decision is the accounts feature's
 * (the same command a user's own re-send request makes): 404 unknown, 400 already verified.
 */
export const resendVerificationRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(
    '/api/admin/users/:email/resend-verification',
    { preHandler: adminRateLimit(deps), schema: resendDoc },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const target = await targetUser(request, deps);
      const context = commandContext(request, await adminActorOnUser(deps, admin, target.userKey));
      const eventId = chosenId(context, target.stream);
      const { digest } = oneTimeToken(deps.options.secret, 'verify', target.userKey, eventId);
      const result = await handleCommand(
        deps.store,
        target.stream,
        accountDecider,
        command('RequestVerificationEmail', { tokenDigest: digest }, deps.clock()),
        context,
        { eventIds: () => eventId },
      );
      return withPosition(reply, deps, result.position).send({
        message: `Verification email resent to ${target.email}`,
      });
    },
  );
};
