import { encodeEvent, StoryLiked as StoryLikedDefinition, streams } from '@nocturne/events';
import { apiSchema, StoryIdParams, storyIdFrom } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { withPosition } from '../shared/reply';
import { appendWhileLive } from './append-while-live';

const likeDoc = apiSchema({
  summary: 'Like a story (anyone, as often as they like)',
  tags: ['stories'],
  params: StoryIdParams,
  ok: { 200: { description: 'The likes now', schema: z.object({ likes: z.number().int() }) } },
  errors: { 404: 'Story not found' },
});

/**
 * POST /api/stories/{id}/like. Likes live in their own stream, `story_likes-{id}`, appended
 * with expected revision "any": the store serialises appends, so the count is exactly the
 * stream revision + 1 and no like is lost however many arrive at once. Only a live story is liked
 * (appendWhileLive: the story is not read again for every like).
 */
export const likeStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/stories/:id/like', { schema: likeDoc }, async (request, reply) => {
    const id = storyIdFrom(request.params);
    const event = encodeEvent(
      { type: StoryLikedDefinition.type, data: { storyId: id } },
      commandContext(request, { kind: 'anonymous' }),
    );
    const result = await appendWhileLive(deps.store, id, streams.storyLikes(id), [event]);
    return withPosition(reply, deps, result.position).send({ likes: result.nextRevision + 1 });
  });
};
