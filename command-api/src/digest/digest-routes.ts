import { digestMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import { digestUnsubscribeOwner } from '@nocturne/http-kit/auth';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { registerFormBody } from '../shared/form-body';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { emailDigestDecider } from './email-digest-decider';

const ChoiceBody = z.object({ enabled: z.boolean({ error: digestMessages.enabledRequired }) });
const ChoiceAnswer = z.object({ enabled: z.boolean() });
const UnsubscribeQuery = z.object({ token: z.string().max(200) });
/** What a mail client sends for a one-click unsubscribe (RFC 8058); the SPA sends nothing. */
const OneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

const choiceDoc = apiSchema({
  summary: 'Turn the daily e-mail digest of new stories from followed creators on or off',
  tags: ['creators', 'users'],
  security: ['user'],
  body: ChoiceBody,
  ok: { 200: { description: 'The choice now', schema: ChoiceAnswer } },
  errors: { 400: 'enabled is not true or false', 401: 'Not logged in' },
});

const unsubscribeDoc = apiSchema({
  summary: "Turn the daily digest off from its mail's link (one click, no login; RFC 8058)",
  tags: ['creators', 'users'],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  querystring: UnsubscribeQuery,
  body: OneClickBody,
  ok: { 200: { description: 'The digest is off', schema: ChoiceAnswer } },
  errors: { 400: 'The token is not one of an unsubscribe link' },
});

/**
 * PUT /api/me/email-digest {enabled}: the member's choice, from their profile. POST
 * /api/email-digest/unsubscribe?token=...: the same choice (off) from the digest's link or the
 * mail client's one-click button; the token names the member and this one purpose, so the
 * request needs no session. Both append EmailDigestChosen on the member's stream.
 */
export const digestRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await registerFormBody(app);

  const choose = (userKey: string, enabled: boolean, context: ReturnType<typeof commandContext>) =>
    handleCommand(
      deps.store,
      streams.user(userKey),
      emailDigestDecider,
      command('ChooseEmailDigest', { enabled }, deps.clock()),
      context,
    );

  app.put('/api/me/email-digest', { schema: choiceDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const { enabled } = ChoiceBody.parse(request.body ?? {});
    const result = await choose(
      user.userKey,
      enabled,
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send({ enabled: result.state.emailDigest });
  });

  app.post('/api/email-digest/unsubscribe', { schema: unsubscribeDoc }, async (request, reply) => {
    const query = UnsubscribeQuery.safeParse(request.query);
    const userKey = query.success ? digestUnsubscribeOwner(deps.options.secret, query.data.token) : null;
    if (!userKey) throw new HttpError(400, digestMessages.unsubscribeInvalid);
    const result = await choose(userKey, false, commandContext(request, { kind: 'user', userKey }));
    return withPosition(reply, deps, result.position).send({ enabled: result.state.emailDigest });
  });
};
