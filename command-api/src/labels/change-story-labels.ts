import { streams } from '@nocturne/events';
import { adminActor, apiSchema, requireAdmin, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { storyDecider } from '../stories/story-decider';
import { contentWarningsFrom, LabelsBody, normaliseTags } from './labels-input';
import { loadTagCatalogue } from './tag-catalogue-decider';

const changeLabelsDoc = apiSchema({
  summary: "Replace a published story's tags and content warnings (admin)",
  tags: ['stories', 'admin', 'labels'],
  security: ['admin'],
  params: StoryIdParams,
  body: LabelsBody,
  ok: { 200: { description: 'The labels now', schema: LabelsBody } },
  errors: {
    400: 'A tag not in the curated list, more than 8 tags, or an unknown warning',
    ...adminCommandErrors,
    404: 'Story not found',
  },
});

/**
 * PUT /api/admin/stories/{id}/labels {tags, warnings}: StoryLabelsChanged on the story's stream
 * (the labels are replaced by a new fact, never edited in place).
 */
export const changeStoryLabelsRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.put(
    '/api/admin/stories/:id/labels',
    { preHandler: adminRateLimit(deps), schema: changeLabelsDoc },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const storyId = storyIdFrom(request.params);
      const body = LabelsBody.parse(request.body ?? {});
      const tags = normaliseTags(body.tags);
      const warnings = contentWarningsFrom(body.warnings);
      const curatedTags = await loadTagCatalogue(deps.store);
      const result = await handleCommand(
        deps.store,
        streams.story(storyId),
        storyDecider,
        command('ChangeStoryLabels', { storyId, tags, warnings, curatedTags }, deps.clock()),
        commandContext(request, adminActor(admin)),
      );
      return withPosition(reply, deps, result.position).send({ tags, warnings });
    },
  );
};
