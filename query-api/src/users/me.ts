import { type AccountSummary, accountMessages } from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from './session-user';

const meDoc = apiSchema({
  summary: 'The logged-in account',
  tags: ['accounts'],
  security: ['user'],
  ok: {
    200: {
      description: 'The account',
      schema: z.object({
        email: z.string(),
        is_subscribed: z.boolean(),
        premium_stories_remaining: z.number().int(),
      }),
    },
  },
  errors: { 401: 'Not authenticated' },
});

/** GET /api/auth/me (Bearer): the session's user, or 401. */
export const meRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/auth/me', { schema: meDoc }, async (request, reply): Promise<AccountSummary> => {
    const user = await sessionUser(request, deps);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    reply.header('Cache-Control', 'no-store');
    return {
      email: user.email,
      is_subscribed: user.premium_member,
      premium_stories_remaining: user.premium_stories_remaining,
    };
  });
};
