import { streams } from '@nocturne/events';
import { adminActor, apiSchema, requireAdmin, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { storyDecider } from './story-decider';

const deleteStoryDoc = apiSchema({
  summary: 'Delete a story without a stated reason (owner and admin)',
  tags: ['stories', 'admin'],
  security: ['admin'],
  params: StoryIdParams,
  ok: { 200: { description: 'Deleted', schema: z.object({ ok: z.literal(true) }) } },
  errors: {
    ...adminCommandErrors,
    404: 'Story not found',
  },
});

/**
 * DELETE /api/stories/{id} (the owner and admins): StoryDeleted. The story leaves every list, its
 * page answers 404 and its images stop being served (the read model drops them). The story's
 * moderation history shows the deletion with who made it. A moderator is refused here: their
 * removals go through the reasoned decision (moderation/moderate-story.ts), which states the reason
 * to the reporters and the publisher, who may appeal.
 */
export const deleteStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const options = { preHandler: adminRateLimit(deps), schema: deleteStoryDoc };
  app.delete('/api/stories/:id', options, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = storyIdFrom(request.params);
    const result = await handleCommand(
      deps.store,
      streams.story(id),
      storyDecider,
      command('DeleteStory', { storyId: id }, deps.clock()),
      commandContext(request, adminActor(admin)),
    );
    return withPosition(reply, deps, result.position).send({ ok: true });
  });
};
