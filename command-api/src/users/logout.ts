import { streams } from '@nocturne/events';
import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { accountDecider } from './account-decider';
import { requireUser } from './authenticate';

const logoutDoc = apiSchema({
  summary: 'Log out: the session token stops working',
  tags: ['accounts'],
  security: ['user'],
  ok: { 200: { description: 'Logged out', schema: z.object({ message: z.string() }) } },
  errors: { 401: 'No valid session token' },
});

/** POST /api/auth/logout (Bearer): revokes that session at once (UserLoggedOut). */
export const logoutRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/auth/logout', { schema: logoutDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const result = await handleCommand(
      deps.store,
      streams.user(user.userKey),
      accountDecider,
      command('LogOut', { sessionDigest: user.sessionDigest }, deps.clock()),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send({ message: 'Logged out' });
  });
};
