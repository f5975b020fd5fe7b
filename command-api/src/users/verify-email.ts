import { accountMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { parseBody, VerifyEmailBody } from './account-input';
import { locateToken } from './one-time-token';

const verifyEmailDoc = apiSchema({
  summary: "Verify an e-mail address with the mail's link token",
  tags: ['accounts'],
  body: VerifyEmailBody,
  ok: {
    200: {
      description: 'Verified',
      schema: z.object({ message: z.string(), email: z.string().optional() }),
    },
  },
  errors: { 400: 'No token, or a token that is unknown, used or expired' },
});

/**
 * POST /api/auth/verify-email {token} -> {email}. The token names its user stream; the
 * decider accepts it once, within 24 hours, and only if its digest was granted on that stream.
 */
export const verifyEmailRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/auth/verify-email', { schema: verifyEmailDoc }, async (request, reply) => {
    const { token } = parseBody(VerifyEmailBody, request.body);
    const located = locateToken(token);
    if (!located) throw new HttpError(400, accountMessages.verificationUnknown);
    const result = await handleCommand(
      deps.store,
      streams.user(located.userKey),
      accountDecider,
      command('VerifyEmail', { tokenDigest: located.digest }, deps.clock()),
      commandContext(request, { kind: 'user', userKey: located.userKey }),
    );
    const email = result.state.encryptedEmail ? await deps.vault.decrypt(result.state.encryptedEmail) : null;
    return withPosition(reply, deps, result.position).send({
      message: 'Your email has been verified. You can now log in.',
      ...(email ? { email } : {}),
    });
  });
};
