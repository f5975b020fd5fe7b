import { READING_SETTING_CHOICES, readingSettingsFrom } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { readingSettingsDecider } from './reading-settings-decider';

const values = <T extends string>(choices: readonly { value: T }[]) =>
  choices.map((choice) => choice.value) as [T, ...T[]];

/** The whole choice: every field, each one of its values. */
export const ReadingSettingsBody = z.object({
  textSize: z.enum(values(READING_SETTING_CHOICES.textSize)),
  typeface: z.enum(values(READING_SETTING_CHOICES.typeface)),
  lineSpacing: z.enum(values(READING_SETTING_CHOICES.lineSpacing)),
  theme: z.enum(values(READING_SETTING_CHOICES.theme)),
  reducedMotion: z.boolean(),
  transition: z.enum(values(READING_SETTING_CHOICES.transition)),
});

const readingSettingsDoc = apiSchema({
  summary: 'Choose how the member reads (text size, typeface, line spacing, theme, motion, slide transition)',
  tags: ['reading', 'users'],
  security: ['user'],
  body: ReadingSettingsBody,
  ok: { 200: { description: 'The settings now', schema: ReadingSettingsBody } },
  errors: { 400: 'A field missing or not one of its values', 401: 'Not logged in' },
});

/** PUT /api/me/reading-settings {settings}: ReadingSettingsChosen on the member's stream. */
export const readingSettingsRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.put('/api/me/reading-settings', { schema: readingSettingsDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const read = readingSettingsFrom(request.body);
    if ('problem' in read) throw new HttpError(400, read.problem);
    const result = await handleCommand(
      deps.store,
      streams.user(user.userKey),
      readingSettingsDecider,
      command('ChooseReadingSettings', read.settings, deps.clock()),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send(read.settings);
  });
};
