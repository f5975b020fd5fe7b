import {
  DEFAULT_READING_SETTINGS,
  readingSettingsChangeFrom,
  withReadingSettingsChange,
} from '@nocturne/domain';
import { ReadingSettingsChosen, streams } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { readingSettingsDecider } from './reading-settings-decider';

/** The whole settings: every field, each one of its values (what the event records). */
export const ReadingSettingsAnswer = ReadingSettingsChosen.schema;

/** A change: the settings it changes, each one of its values; the others are left as they are. */
export const ReadingSettingsChangeBody = ReadingSettingsAnswer.partial();

const readingSettingsDoc = apiSchema({
  summary:
    'Change some of how the member reads (text size, typeface, line spacing, theme, motion, slide transition); the settings not given stay as they are',
  tags: ['reading', 'users'],
  security: ['user'],
  body: ReadingSettingsChangeBody,
  ok: { 200: { description: 'The settings now, every field', schema: ReadingSettingsAnswer } },
  errors: { 400: 'No setting given, or one not one of its values', 401: 'Not logged in' },
});

/**
 * PATCH /api/me/reading-settings {some settings}: ReadingSettingsChosen on the member's stream,
 * with the change laid over what was recorded. A change carries only what the reader changed, so
 * two quick changes, or two devices, never send back a setting they had not seen change.
 */
export const readingSettingsRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.patch('/api/me/reading-settings', { schema: readingSettingsDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const read = readingSettingsChangeFrom(request.body);
    if ('problem' in read) throw new HttpError(400, read.problem);
    const result = await handleCommand(
      deps.store,
      streams.user(user.userKey),
      readingSettingsDecider,
      command('ChooseReadingSettings', read.change, deps.clock()),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    const settings =
      result.state.settings ?? withReadingSettingsChange(DEFAULT_READING_SETTINGS, read.change);
    return withPosition(reply, deps, result.position).send(settings);
  });
};
