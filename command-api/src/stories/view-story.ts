import { encodeEvent, streams } from '@nocturne/events';
import { apiSchema, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { chosenId, commandContext } from '../shared/context';
import { withPosition } from '../shared/reply';
import { appendWhileLive } from './append-while-live';

const viewDoc = apiSchema({
  summary: 'Count a view of a story',
  tags: ['stories'],
  params: StoryIdParams,
  ok: { 204: { description: 'Counted' } },
  errors: { 404: 'Story not found' },
});

/**
 * POST /api/stories/{id}/view: 204. Views, like likes, live in their own stream
 * (`story_views-{id}`, expected revision "any"), so the count is the stream revision + 1.
 */
export const viewStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/stories/:id/view', { schema: viewDoc }, async (request, reply) => {
    const id = storyIdFrom(request.params);
    const context = commandContext(request, { kind: 'anonymous' });
    const stream = streams.storyViews(id);
    const event = encodeEvent(
      { type: 'StoryViewed', data: { storyId: id } },
      context,
      chosenId(context, stream),
    );
    const result = await appendWhileLive(deps.store, id, stream, [event]);
    return withPosition(reply.status(204), deps, result.position).send();
  });
};
