import { randomUUID } from 'node:crypto';
import { type ModerationAction, refuse, storyMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import {
  adminActor,
  apiSchema,
  HttpError,
  requireAdmin,
  StoryIdParams,
  storyIdFrom,
} from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { httpErrorOf } from '../shared/refusals';
import { withPosition } from '../shared/reply';
import { storyStateOf } from '../stories/live-story';
import { storyDecider } from '../stories/story-decider';
import { decisionReasonProblem, reportDecider } from './report-decider';
import { storyPublisherAccount } from './story-publisher-account';

const DecisionBody = z.object({
  reason: z.string().describe('The stated reason, kept with the decision and sent to the people concerned'),
});
const Decided = z.object({ ok: z.literal(true), action: z.string() });

const doc = (summary: string, errors: Record<number, string>) =>
  apiSchema({
    summary,
    tags: ['moderation', 'admin'],
    security: ['admin'],
    params: StoryIdParams,
    body: DecisionBody,
    ok: { 200: { description: 'Decided', schema: Decided } },
    errors: {
      ...adminCommandErrors,
      400: 'No reason, or one over 2,000 characters',
      404: 'Story not found',
      ...errors,
    },
  });

/** What each action does to the story itself, on its own stream, before the decision is recorded. */
const storyCommands = {
  hide: (storyId: string, reason: string, now: Date) => command('HideStory', { storyId, reason }, now),
  restore: (storyId: string, reason: string, now: Date) => command('RestoreStory', { storyId, reason }, now),
  delete: (storyId: string, _reason: string, now: Date) => command('DeleteStory', { storyId }, now),
} as const;

/**
 * The moderator's decisions, each with a required reason:
 * - POST /api/admin/reports/{id}/dismiss: the open reports (and appeal) are closed, the story stays;
 * - POST /api/admin/stories/{id}/hide: StoryHidden (the story leaves every list, search and
 *   library, and its page answers 451), then the reports are closed;
 * - POST /api/admin/stories/{id}/restore: StoryRestored, then the open appeal or reports closed;
 * - POST /api/admin/stories/{id}/delete: StoryDeleted, then the reports closed.
 * The story's own event comes first, so the story's state never claims a decision that did not
 * happen; should the second append fail, the story is hidden (or restored) with its reports still
 * open in the queue, where a dismissal closes them. ModerationDecided carries what the reactors
 * need to tell the reporters and the publishing account.
 */
export const moderateStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const preHandler = adminRateLimit(deps);

  async function decide(request: FastifyRequest, action: ModerationAction) {
    const admin = requireAdmin(request);
    const storyId = storyIdFrom(request.params);
    const parsed = DecisionBody.safeParse(request.body ?? {});
    const reason = parsed.success ? parsed.data.reason : '';
    const problem = decisionReasonProblem(reason);
    if (problem) throw new HttpError(400, problem);
    const context = commandContext(request, adminActor(admin));
    const now = deps.clock();
    let position = 0;
    if (action === 'dismiss') {
      if ((await storyStateOf(deps.store, storyId)).status === 'none') {
        throw httpErrorOf(refuse('not_found', storyMessages.notFound));
      }
    } else {
      const changed = await handleCommand(
        deps.store,
        streams.story(storyId),
        storyDecider,
        storyCommands[action](storyId, reason.trim(), now),
        context,
      );
      position = changed.position;
    }
    const publisher = await storyPublisherAccount(deps.store, storyId);
    const decided = await handleCommand(
      deps.store,
      streams.storyReports(storyId),
      reportDecider,
      command('DecideReports', { storyId, decisionId: randomUUID(), action, reason, publisher }, now),
      context,
    );
    return Math.max(position, decided.position);
  }

  app.post(
    '/api/admin/reports/:id/dismiss',
    {
      preHandler,
      schema: doc('Dismiss the open reports (or appeal) on a story (moderation)', {
        409: 'Nothing open to dismiss',
      }),
    },
    async (request, reply) => {
      const position = await decide(request, 'dismiss');
      return withPosition(reply, deps, position).send({ ok: true, action: 'dismiss' });
    },
  );
  const storyActions = [
    [
      'hide',
      'Hide a story after a review: 451 everywhere until restored (moderation)',
      'The story is hidden already',
    ],
    ['restore', 'Make a hidden story visible again (moderation)', 'The story is not hidden'],
    ['delete', 'Delete a story after a review (moderation)', ''],
  ] as const;
  for (const [action, summary, conflict] of storyActions) {
    app.post(
      `/api/admin/stories/:id/${action}`,
      { preHandler, schema: doc(summary, conflict ? { 409: conflict } : {}) },
      async (request, reply) => {
        const position = await decide(request, action);
        return withPosition(reply, deps, position).send({ ok: true, action });
      },
    );
  }
};
