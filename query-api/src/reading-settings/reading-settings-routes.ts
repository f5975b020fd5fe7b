import { accountMessages, DEFAULT_READING_SETTINGS, READING_SETTING_CHOICES } from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';

const values = <T extends string>(choices: readonly { value: T }[]) =>
  choices.map((choice) => choice.value) as [T, ...T[]];

const SettingsAnswer = z.object({
  textSize: z.enum(values(READING_SETTING_CHOICES.textSize)),
  typeface: z.enum(values(READING_SETTING_CHOICES.typeface)),
  lineSpacing: z.enum(values(READING_SETTING_CHOICES.lineSpacing)),
  theme: z.enum(values(READING_SETTING_CHOICES.theme)),
  reducedMotion: z.boolean(),
  transition: z.enum(values(READING_SETTING_CHOICES.transition)),
});

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
