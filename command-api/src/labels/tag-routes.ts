import { normaliseTag } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { adminActor, apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { tagCatalogueDecider } from './tag-catalogue-decider';

const TagBody = z.object({ tag: z.string({ error: 'tag is required' }).max(200) });
const TagParams = z.object({ tag: z.string() });

const adminErrors = {
  400: 'Not a valid tag (1 to 30 lower-case letters, digits, spaces or hyphens)',
  ...adminCommandErrors,
} as const;
const TagAnswer = z.object({ tag: z.string() });

const addDoc = apiSchema({
  summary: 'Add a tag to the curated list writers choose from (admin)',
  tags: ['admin', 'labels'],
  security: ['admin'],
  body: TagBody,
  ok: { 201: { description: 'Added, in its normalised form', schema: TagAnswer } },
  errors: { ...adminErrors, 409: 'The tag is in the list already' },
});

const removeDoc = apiSchema({
  summary: 'Remove a tag from the curated list (admin); stories that carry it keep it',
  tags: ['admin', 'labels'],
  security: ['admin'],
  params: TagParams,
  ok: { 200: { description: 'Removed', schema: TagAnswer } },
  errors: { ...adminErrors, 404: 'The tag is not in the list' },
});

/** POST /api/admin/tags {tag}: TagAdded; DELETE /api/admin/tags/{tag}: TagRemoved. */
export const tagRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const change = async (request: FastifyRequest, type: 'AddTag' | 'RemoveTag', tag: string) => {
    const admin = requireAdmin(request);
    return handleCommand(
      deps.store,
      streams.tagCatalogue(),
      tagCatalogueDecider,
      command(type, { tag }, deps.clock()),
      commandContext(request, adminActor(admin)),
    );
  };

  app.post(
    '/api/admin/tags',
    { preHandler: adminRateLimit(deps), schema: addDoc },
    async (request, reply) => {
      requireAdmin(request);
      const { tag } = TagBody.parse(request.body ?? {});
      const result = await change(request, 'AddTag', tag);
      return withPosition(reply.status(201), deps, result.position).send({ tag: normaliseTag(tag) });
    },
  );

  app.delete(
    '/api/admin/tags/:tag',
    { preHandler: adminRateLimit(deps), schema: removeDoc },
    async (request, reply) => {
      const { tag } = TagParams.parse(request.params);
      const result = await change(request, 'RemoveTag', tag);
      return withPosition(reply, deps, result.position).send({ tag: normaliseTag(tag) });
    },
  );
};
