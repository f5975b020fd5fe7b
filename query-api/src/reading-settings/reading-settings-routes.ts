import { accountMessages, DEFAULT_READING_SETTINGS } from '@nocturne/domain';
import { ReadingSettingsChosen } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';

/** The whole settings, as the event records them. */
const SettingsAnswer = ReadingSettingsChosen.schema;

/**
 * GET /api/me/reading-settings: the member's reading settings, the product's defaults until they
 * choose; every device asks here, so a choice made on one applies on all.
 */
export const readingSettingsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get(
    '/api/me/reading-settings',
    {
      schema: apiSchema({
        summary: "The member's reading settings (the defaults until they choose)",
        tags: ['reading', 'accounts'],
        security: ['user'],
        ok: { 200: { description: 'The settings', schema: SettingsAnswer } },
        errors: { 401: 'Not authenticated' },
      }),
    },
    async (request, reply) => {
      const user = await sessionUser(request, deps);
      if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
      const row = await deps.db
        .selectFrom('reading_settings')
        .select('settings')
        .where('user_key', '=', user.userKey)
        .executeTakeFirst();
      reply.header('Cache-Control', 'no-store');
      return { ...DEFAULT_READING_SETTINGS, ...row?.settings };
    },
  );
};
