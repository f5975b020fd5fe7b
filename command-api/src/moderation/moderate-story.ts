import { randomUUID } from 'node:crypto';
import {
  type ModerationAction,
  ratingFrom,
  refuse,
  type StoryRatingId,
  storyMessages,
} from '@nocturne/domain';
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
const RatingBody = DecisionBody.extend({
  rating: z.enum(['general', 'mature', 'explicit']).describe("The story's new rating"),
});

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
 * - POST /api/admin/stories/{id}/delete: StoryDeleted, then the reports closed;
 * - POST /api/admin/stories/{id}/rating: StoryRatingChanged (body `rating`), then the reports
 *   closed; the publisher is told the new rating.
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
    // A re-rating names the new rating; the other decisions take none.
    let rating: StoryRatingId | undefined;
    if (action === 'rate') {
      const sent = (request.body as { rating?: unknown } | undefined)?.rating;
      const parsedRating = ratingFrom(typeof sent === 'string' ? sent : undefined, 'mature');
      if (typeof sent !== 'string' || sent.trim() === '') {
        throw new HttpError(400, 'Choose the rating: general, mature or explicit.');
      }
      if ('problem' in parsedRating) throw new HttpError(400, parsedRating.problem);
      rating = parsedRating.rating;
    }
    const context = commandContext(request, adminActor(admin));
    const now = deps.clock();
    let position = 0;
    if (action === 'dismiss') {
      if ((await storyStateOf(deps.store, storyId)).status === 'none') {
        throw httpErrorOf(refuse('not_found', storyMessages.notFound));
      }
    } else {
      const storyCommand =
        action === 'rate'
          ? command('ChangeStoryRating', { storyId, rating: rating!, reason: reason.trim() }, now)
          : storyCommands[action](storyId, reason.trim(), now);
      const changed = await handleCommand(
        deps.store,
        streams.story(storyId),
        storyDecider,
        storyCommand,
        context,
      );
      position = changed.position;
    }
    const publisher = await storyPublisherAccount(deps.store, storyId);
    const decided = await handleCommand(
      deps.store,
      streams.storyReports(storyId),
      reportDecider,
      command(
        'DecideReports',
        { storyId, decisionId: randomUUID(), action, reason, publisher, ...(rating ? { rating } : {}) },
        now,
      ),
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
  app.post(
    '/api/admin/stories/:id/rating',
    {
      preHandler,
      schema: apiSchema({
        summary:
          "Change a story's rating (General, Mature, Explicit) after a review; its publisher is told (moderation)",
        tags: ['moderation', 'admin'],
        security: ['admin'],
        params: StoryIdParams,
        body: RatingBody,
        ok: { 200: { description: 'Decided', schema: Decided } },
        errors: {
          ...adminCommandErrors,
          400: 'No reason, one over 2,000 characters, or no rating or one that does not exist',
          404: 'Story not found',
          409: 'The story has this rating already',
        },
      }),
    },
    async (request, reply) => {
      const position = await decide(request, 'rate');
      return withPosition(reply, deps, position).send({ ok: true, action: 'rate' });
    },
  );
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
