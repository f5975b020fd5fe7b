import { streams } from '@nocturne/events';
import { requireAdmin, storyIdFrom } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import { adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { storyDecider } from './story-decider';

/**
 * DELETE /api/stories/{id} (admin only): StoryDeleted. The story leaves every list, its page
 * answers 404 and its images stop being served (the read model drops them).
 */
export const deleteStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.delete('/api/stories/:id', { preHandler: adminRateLimit(deps) }, async (request, reply) => {
    const { session, ip } = requireAdmin(request);
    const id = storyIdFrom(request.params);
    const result = await handleCommand(
      deps.store,
      streams.story(id),
      storyDecider,
      command('DeleteStory', { storyId: id }, deps.clock()),
      commandContext(request, { kind: 'admin', session, ip }),
    );
    return withPosition(reply, deps, result.position).send({ ok: true });
  });
};
