import { streams } from '@nocturne/events';
import { apiSchema, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { engagementDecider } from './engagement-decider';
import { liveStoryState } from './live-story-state';

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
    const result = await handleCommand(
      deps.store,
      streams.storyViews(id),
      engagementDecider,
      command('ViewStory', { storyId: id }, deps.clock()),
      commandContext(request, { kind: 'anonymous' }),
      { state: liveStoryState(deps.store, id) },
    );
    return withPosition(reply.status(204), deps, result.position).send();
  });
};
