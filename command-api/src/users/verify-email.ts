import { streams } from '@nocturne/events';
import { accountMessages } from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { parseBody, VerifyEmailBody } from './account-input';
import { locateToken } from './one-time-token';

/**
 * POST /api/auth/verify-email {token} -> {email}. The token names its user stream; the
 * decider accepts it once, within 24 hours, and only if its digest was granted on that stream.
 */
export const verifyEmailRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/auth/verify-email', async (request, reply) => {
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
