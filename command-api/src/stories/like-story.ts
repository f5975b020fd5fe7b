import type { CommandContext } from '@nocturne/events';
import { streams } from '@nocturne/events';
import { apiSchema, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { engagementDecider } from './engagement-decider';
import { liveStoryState } from './live-story-state';

const likeDoc = apiSchema({
  summary: 'Like a story (anyone, as often as they like)',
  tags: ['stories'],
  params: StoryIdParams,
  ok: { 200: { description: 'The likes now', schema: z.object({ likes: z.number().int() }) } },
  errors: { 404: 'Story not found' },
});

/** The route pattern of a like: Fastify's, and the hot lane's report of the likes it answers. */
export const LIKE_ROUTE = '/api/stories/:id/like';

/**
 * A like of story `id` (a valid story id), stored in the story's likes stream,
 * `story_likes-{id}`, with expected revision "any": the store serialises appends, so the count is
 * exactly the stream revision + 1 and no like is lost however many arrive at once. Decided on the
 * story's state as `liveStoryState` keeps it (not read again for every like). With an
 * Idempotency-Key, a like retried has the same event id: the store answers it with the count and
 * position of the like it already holds, and stores nothing. The route below and the server's
 * hot lane (hot-likes.ts) both run this.
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

/** POST /api/stories/{id}/like, for anyone: `{likes}`, the story's likes now. */
export const likeStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(LIKE_ROUTE, { schema: likeDoc }, async (request, reply) => {
    const id = storyIdFrom(request.params);
    const { position, likes } = await likeStory(deps, id, commandContext(request, { kind: 'anonymous' }));
    return withPosition(reply, deps, position).send({ likes });
  });
};
