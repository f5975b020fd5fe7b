import { accountMessages, CONTENT_WARNING_IDS, type PremiumOpening, storyMessages } from '@nocturne/domain';
import { apiSchema, HttpError, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { storyUnavailable, unavailableDoc } from '../stories/unavailable';
import { unlockedBy } from '../stories/viewer';
import { type SessionUser, sessionUser } from '../users/session-user';
import { MyPremiumSchema, myPremium } from './my-premium-answer';

const myPremiumDoc = apiSchema({
  summary:
    "The reader's premium account: confirmations sent, grants, revocations, stories unlocked, stories left",
  tags: ['premium'],
  security: ['user'],
  ok: { 200: { description: 'Newest first in each list', schema: MyPremiumSchema } },
  errors: { 401: 'Not authenticated' },
});

const PremiumOpeningSchema = z.object({
  is_premium: z.boolean(),
  unlocked: z.boolean(),
  spends: z
    .boolean()
    .describe('True exactly when GET /api/stories/{id} would spend one of the premium stories now'),
  stories_remaining: z.number().int(),
  warnings: z.array(z.enum(CONTENT_WARNING_IDS)).describe('Shown before the reader is asked to spend'),
}) satisfies z.ZodType<PremiumOpening>;

const openingDoc = apiSchema({
  summary: "Whether opening a story would spend one of the reader's premium stories (spends nothing itself)",
  tags: ['premium'],
  security: ['user'],
  params: StoryIdParams,
  ok: { 200: { description: 'What opening the story would cost', schema: PremiumOpeningSchema } },
  errors: { 401: 'Not authenticated', 404: 'Story not found', ...unavailableDoc },
});

async function loggedIn(request: FastifyRequest, deps: QueryApiDeps): Promise<SessionUser> {
  const user = await sessionUser(request, deps);
  if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
  return user;
}

/**
 * "My premium": GET /api/me/premium, the reader's own ledger (projections/
 * premium-ledger), and GET /api/me/premium/stories/{id}, asked before a story is opened so the
 * reader confirms before one of their premium stories is spent. Logged in only; each answers
 * for the session's own account, never another's; read-your-writes as every query.
 */
export const myPremiumRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/me/premium', { schema: myPremiumDoc }, async (request, reply) => {
    const user = await loggedIn(request, deps);
    reply.header('Cache-Control', 'private, no-store');
    return myPremium(deps.db, user);
  });

  app.get(
    '/api/me/premium/stories/:id',
    { schema: openingDoc },
    async (request, reply): Promise<PremiumOpening> => {
      const user = await loggedIn(request, deps);
      const id = storyIdFrom(request.params);
      const story = await deps.db
        .selectFrom('stories')
        .select(['is_premium', 'card', 'hidden_reason'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!story) throw new HttpError(404, storyMessages.notFound);
      if (story.hidden_reason !== null) throw storyUnavailable();
      const unlocked = story.is_premium && (await unlockedBy(deps, user, id)).has(id);
      reply.header('Cache-Control', 'private, no-store');
      return {
        is_premium: story.is_premium,
        unlocked,
        // As get-story decides: premium, not unlocked, with premium and stories left.
        spends: story.is_premium && !unlocked && user.premium_member && user.premium_stories_remaining > 0,
        stories_remaining: user.premium_stories_remaining,
        warnings: story.card.warnings,
      };
    },
  );
};
