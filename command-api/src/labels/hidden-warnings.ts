import { streams } from '@nocturne/events';
import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { hiddenWarningsDecider } from './hidden-warnings-decider';
import { contentWarningsFrom } from './labels-input';

const Body = z.object({ warnings: z.array(z.string(), { error: 'warnings must be a list' }) });

const hiddenWarningsDoc = apiSchema({
  summary: "Choose the content warnings whose stories the reader's lists leave out",
  tags: ['labels', 'users'],
  security: ['user'],
  body: Body,
  ok: { 200: { description: 'The choice now', schema: Body } },
  errors: {
    400: 'Not a list, or a warning that is not one of the fixed list',
    401: 'Not logged in',
  },
});

/** PUT /api/me/hidden-warnings {warnings}: HiddenWarningsChosen on the reader's stream. */
export const hiddenWarningsRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.put('/api/me/hidden-warnings', { schema: hiddenWarningsDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const warnings = contentWarningsFrom(Body.parse(request.body ?? {}).warnings);
    const result = await handleCommand(
      deps.store,
      streams.user(user.userKey),
      hiddenWarningsDecider,
      command('ChooseHiddenWarnings', { warnings }, deps.clock()),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send({ warnings });
  });
};
