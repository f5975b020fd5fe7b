import { accountMessages } from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';

const ChoiceAnswer = z.object({ enabled: z.boolean() });

/** GET /api/me/email-digest: whether the member's daily digest is on (off until they turn it on). */
export const emailDigestRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get(
    '/api/me/email-digest',
    {
      schema: apiSchema({
        summary: 'Whether the daily e-mail digest of new stories from followed creators is on',
        tags: ['creators', 'accounts'],
        security: ['user'],
        ok: { 200: { description: 'The choice', schema: ChoiceAnswer } },
        errors: { 401: 'Not authenticated' },
      }),
    },
    async (request, reply) => {
      const user = await sessionUser(request, deps);
      if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
      const row = await deps.db
        .selectFrom('email_digest_members')
        .select('user_key')
        .where('user_key', '=', user.userKey)
        .executeTakeFirst();
      reply.header('Cache-Control', 'no-store');
      return { enabled: row !== undefined };
    },
  );
};
