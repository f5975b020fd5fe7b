import { accountMessages, storyMessages } from '@nocturne/domain';
import { apiSchema, HttpError, ReadingAnswer, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';
import { storyUnavailable, unavailableDoc } from '../stories/unavailable';
import { sessionUser } from '../users/session-user';

const progressDoc = apiSchema({
  summary: "The logged-in reader's progress in a story, and whether it is saved",
  tags: ['reading'],
  security: ['user'],
  params: StoryIdParams,
  ok: { 200: { description: 'Where the reader is', schema: ReadingAnswer } },
  errors: { 401: 'Not authenticated', 404: 'Story not found', ...unavailableDoc },
});

/**
 * GET /api/stories/{id}/progress: a route of its own, so the story's answer stays the same for
 * everyone (the free story is served from the shared list snapshot) and a reader's place is
 * never in a cached body.
 */
export const progressRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/stories/:id/progress', { schema: progressDoc }, async (request, reply) => {
    const user = await sessionUser(request, deps);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    const id = storyIdFrom(request.params);
    const story = await deps.db
      .selectFrom('stories')
      .select('hidden_reason')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!story) throw new HttpError(404, storyMessages.notFound);
    if (story.hidden_reason !== null) throw storyUnavailable();
    const row = await deps.db
      .selectFrom('reading')
      .select(['slide', 'finished', 'saved'])
      .where('account_id', '=', user.accountId)
      .where('story_id', '=', id)
      .executeTakeFirst();
    reply.header('Cache-Control', 'private, no-store');
    return row ?? { slide: null, finished: false, saved: false };
  });
};
