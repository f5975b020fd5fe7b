import type { IncomingMessage } from 'node:http';
import type { CommandContext } from '@nocturne/events';
import { IDEMPOTENCY_KEY_PATTERN, StoryId, streams } from '@nocturne/events';
import {
  apiSchema,
  hotAnswer,
  JSON_TYPE,
  type PreparedAnswer,
  StoryIdParams,
  storyIdFrom,
} from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { announceAppended, withPosition } from '../shared/reply';
import { engagementDecider } from './engagement-decider';
import { liveStoryState } from './live-story-state';

const likeDoc = apiSchema({
  summary: 'Like a story (anyone, as often as they like)',
  tags: ['stories'],
  params: StoryIdParams,
  ok: { 200: { description: 'The likes now', schema: z.object({ likes: z.number().int() }) } },
  errors: { 404: 'Story not found' },
});

/**
 * A like of story `id` (a valid story id), stored in the story's likes stream,
 * `story_likes-{id}`, with expected revision "any": the store serialises appends, so the count is
 * exactly the stream revision + 1 and no like is lost however many arrive at once. Decided on the
 * story's state as `liveStoryState` keeps it (not read again for every like). With an
 * Idempotency-Key, a like retried has the same event id: the store answers it with the count and
 * position of the like it already holds, and stores nothing. The route's handler and its hot
 * answer below both run this.
 */
export async function likeStory(
  deps: Pick<CommandApiDeps, 'store' | 'clock'>,
  id: string,
  context: CommandContext,
): Promise<{ position: number; likes: number }> {
  const result = await handleCommand(
    deps.store,
    streams.storyLikes(id),
    engagementDecider,
    command('LikeStory', { storyId: id }, deps.clock()),
    context,
    { state: liveStoryState(deps.store, id) },
  );
  return { position: result.position, likes: result.nextRevision + 1 };
}

/**
 * Neither a body, nor a promise of one, nor a content type: Fastify parses and checks a body, and
 * it runs the content type's parser even on an empty one (an empty `application/json` is a 400,
 * an unknown type a 415, before the route ever sees the story id). All of that is the handler's.
 */
function hasNoBody(request: IncomingMessage): boolean {
  const { headers } = request;
  const length = headers['content-length'];
  return (
    (length === undefined || length === '0') &&
    headers['transfer-encoding'] === undefined &&
    headers['content-type'] === undefined
  );
}

/**
 * Likes are the commands that arrive by the thousand, and Fastify's routing, hooks and reply are a
 * measurable share of a like's CPU (docs/performance.md, "The hot lane"). So a plain like (a story
 * id as the route takes it, no query string, no body, no X-Admin-Code, no malformed
 * Idempotency-Key) is answered by the server's hot lane through `likeStory`, as the handler
 * answers it; every other like is the handler's (a bad id's 404, a body, an admin's header).
 */
function hotLike(deps: Pick<CommandApiDeps, 'store' | 'notifier' | 'clock'>) {
  let answered = 0;
  return hotAnswer({
    parse: ({ request, params, query }) => {
      const id = params.id;
      if (query !== undefined || request.headers['x-admin-code'] !== undefined || !hasNoBody(request))
        return undefined;
      if (id === undefined || !StoryId.safeParse(id).success) return undefined;
      const key = request.headers['idempotency-key'];
      if (key !== undefined && !(typeof key === 'string' && IDEMPOTENCY_KEY_PATTERN.test(key)))
        return undefined;
      answered += 1;
      const context = commandContext(
        {
          id: `lane-${answered.toString(36)}`,
          headers: request.headers,
          method: request.method,
          url: request.url,
        },
        { kind: 'anonymous' },
      );
      return { id, context };
    },
    run: ({ id, context }) =>
      likeStory(deps, id, context).then(({ position, likes }): PreparedAnswer => {
        announceAppended(deps, position);
        return {
          status: 200,
          // As command-api's other answers (shared/never-stored.ts).
          headers: [
            'Content-Type',
            JSON_TYPE,
            'Cache-Control',
            'no-store',
            'X-Event-Position',
            String(position),
          ],
          body: Buffer.from(JSON.stringify({ likes })),
        };
      }),
  });
}

/** POST /api/stories/{id}/like, for anyone: `{likes}`, the story's likes now. */
export const likeStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(
    '/api/stories/:id/like',
    { schema: likeDoc, config: { hotAnswer: hotLike(deps) } },
    async (request, reply) => {
      const id = storyIdFrom(request.params);
      const { position, likes } = await likeStory(deps, id, commandContext(request, { kind: 'anonymous' }));
      return withPosition(reply, deps, position).send({ likes });
    },
  );
};
