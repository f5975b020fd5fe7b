import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminActorOnUser } from '../admin/admin-actor';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import { TargetUserParams, targetUser } from '../admin/target-user';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { registerFormBody } from '../shared/form-body';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { grantDecider } from './grant-decider';

const Body = z.object({
  is_subscribed: z.union([z.enum(['true', 'false']), z.boolean()], {
    error: 'is_subscribed must be "true" or "false"',
  }),
});

const grantDoc = apiSchema({
  summary: 'Grant (30 premium stories) or revoke premium (admin)',
  tags: ['admin', 'premium'],
  security: ['admin'],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  params: TargetUserParams,
  body: Body,
  ok: {
    200: {
      description: "The user's premium now",
      schema: z.object({
        email: z.string(),
        is_subscribed: z.boolean(),
        premium_stories_remaining: z.number().int(),
      }),
    },
  },
  errors: {
    400: 'is_subscribed must be "true" or "false"',
    ...adminCommandErrors,
    404: 'User not found',
  },
});

/**
 * PUT /api/admin/users/{email}/subscription, form field is_subscribed "true" / "false":
 * PremiumGranted (+30 stories) or PremiumRevoked.
 */
export const grantPremiumRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await registerFormBody(app);

  app.put(
    '/api/admin/users/:email/subscription',
    { preHandler: adminRateLimit(deps), schema: grantDoc },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const target = await targetUser(request, deps);
      const { is_subscribed } = Body.parse(request.body ?? {});
      const grant = is_subscribed === true || is_subscribed === 'true';
      const result = await handleCommand(
        deps.store,
        target.stream,
        grantDecider,
        command('SetPremium', { grant }, deps.clock()),
        commandContext(request, await adminActorOnUser(deps, admin, target.userKey)),
      );
      return withPosition(reply, deps, result.position).send({
        email: target.email,
        is_subscribed: result.state.isPremiumMember,
        premium_stories_remaining: result.state.premiumRemaining,
      });
    },
  );
};
