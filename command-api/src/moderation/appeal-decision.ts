import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { appealTextProblem, reportDecider } from './report-decider';

const AppealBody = z.object({
  text: z.string().describe('Why the decision should be reviewed (up to 2,000 characters)'),
});

const appealDoc = apiSchema({
  summary: 'Appeal a decision to hide or delete a story (the publishing account, once)',
  tags: ['stories', 'moderation'],
  security: ['user'],
  params: StoryIdParams,
  body: AppealBody,
  ok: {
    201: {
      description: 'Appealed: the story is back in the moderation queue',
      schema: z.object({ message: z.string() }),
    },
  },
  errors: {
    400: 'No text, or one over 2,000 characters',
    401: 'Not authenticated',
    403: 'Not the account that published the story, or no decision to appeal',
    409: 'Appealed already',
  },
});

/**
 * POST /api/stories/{id}/appeal {text}: the account that published a story asks for a review of
 * the decision to hide or delete it, once per decision (DecisionAppealed on the reports stream);
 * the appeal comes back to the moderation queue.
 */
export const appealDecisionRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/stories/:id/appeal', { schema: appealDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const storyId = storyIdFrom(request.params);
    const parsed = AppealBody.safeParse(request.body ?? {});
    const text = parsed.success ? parsed.data.text : '';
    // Checked before sealing (the decider asks again), so that bad input seals nothing.
    const problem = appealTextProblem(text);
    if (problem) throw new HttpError(400, problem);
    // Sealed under the publishing account's key: its erasure shreds the appeal's text.
    const sealedText = await deps.vault.encrypt(user.state.accountId!, text.trim());
    const result = await handleCommand(
      deps.store,
      streams.storyReports(storyId),
      reportDecider,
      command(
        'AppealDecision',
        { storyId, appealId: randomUUID(), userKey: user.userKey, text, sealedText },
        deps.clock(),
      ),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply.status(201), deps, result.position).send({
      message: 'Thanks: your appeal is with the moderators, who will write to you with their decision.',
    });
  });
};
