import { creatorMessages, refuse } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { httpErrorOf } from '../shared/refusals';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { choosePenName, creatorKeyOf } from './choose-pen-name';
import { followDecider } from './follow-decider';
import { inboxDecider } from './inbox-decider';

const PenNameBody = z.object({ penName: z.string({ error: 'penName must be a text' }) });
const PenNameAnswer = z.object({ penName: z.string(), handle: z.string() });
const HandleParams = z.object({ handle: z.string().min(1).max(200) });
const FollowAnswer = z.object({ following: z.boolean() });
export const SEEN_BEYOND_HEAD = "through is beyond the event log's head: no notification is there yet";

const SeenBody = z.object({
  through: z.number({ error: 'through must be a whole number' }).int().min(0).max(Number.MAX_SAFE_INTEGER),
});

const penNameDoc = apiSchema({
  summary: "Choose or change the account's pen name (shown on all its stories)",
  tags: ['creators'],
  security: ['user'],
  body: PenNameBody,
  ok: { 200: { description: 'The pen name now, and the handle of its page', schema: PenNameAnswer } },
  errors: {
    400: 'Not 2 to 30 characters, or characters other than letters, digits, spaces, - and _',
    401: 'Not logged in',
    409: 'Another account holds this pen name',
  },
});

const followDoc = (summary: string) =>
  apiSchema({
    summary,
    tags: ['creators'],
    security: ['user'],
    params: HandleParams,
    ok: { 200: { description: 'Whether the reader follows the creator now', schema: FollowAnswer } },
    errors: { 400: 'The creator is the reader', 401: 'Not logged in', 404: 'Creator not found' },
  });

const seenDoc = apiSchema({
  summary: "Mark the reader's notifications read, up to the newest they saw",
  tags: ['creators'],
  security: ['user'],
  body: SeenBody,
  ok: { 200: { description: 'Marked', schema: z.object({ through: z.number().int() }) } },
  errors: {
    400: "through is not a whole number of 0 or more, or is beyond the event log's head",
    401: 'Not logged in',
  },
});

/**
 * The creator's pen name (PUT /api/me/pen-name), following a creator by their handle
 * (POST and DELETE /api/creators/{handle}/follow) and reading one's notifications
 * (POST /api/me/notifications/seen).
 */
export const creatorRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.put('/api/me/pen-name', { schema: penNameDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const { penName } = PenNameBody.parse(request.body ?? {});
    const context = commandContext(request, { kind: 'user', userKey: user.userKey });
    const chosen = await choosePenName(deps, user.userKey, penName, deps.clock(), context);
    return withPosition(reply, deps, chosen.position).send({
      penName: chosen.penName,
      handle: chosen.handle,
    });
  });

  async function follow(
    request: FastifyRequest,
    reply: FastifyReply,
    type: 'FollowCreator' | 'UnfollowCreator',
  ) {
    const user = await requireUser(request, deps);
    const { handle } = HandleParams.parse(request.params);
    const creatorKey = await creatorKeyOf(deps.store, handle);
    if (creatorKey === user.userKey) throw httpErrorOf(refuse('invalid', creatorMessages.followSelf));
    const result = await handleCommand(
      deps.store,
      streams.follow(user.userKey, creatorKey),
      followDecider,
      command(type, { followerKey: user.userKey, creatorKey }, deps.clock()),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send({ following: result.state.following });
  }
  app.post('/api/creators/:handle/follow', { schema: followDoc('Follow a creator') }, (request, reply) =>
    follow(request, reply, 'FollowCreator'),
  );
  app.delete(
    '/api/creators/:handle/follow',
    { schema: followDoc('Stop following a creator') },
    (request, reply) => follow(request, reply, 'UnfollowCreator'),
  );

  app.post('/api/me/notifications/seen', { schema: seenDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const { through } = SeenBody.parse(request.body ?? {});
    // A notification's position is in the log: one beyond its head would mark stories not yet
    // published as read.
    if (through > (await deps.store.headPosition())) throw new HttpError(400, SEEN_BEYOND_HEAD);
    const result = await handleCommand(
      deps.store,
      streams.inbox(user.userKey),
      inboxDecider,
      command('SeeNotifications', { userKey: user.userKey, through }, deps.clock()),
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send({ through: result.state.through });
  });
};
