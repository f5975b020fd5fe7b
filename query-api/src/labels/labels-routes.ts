import { accountMessages, CONTENT_WARNING_IDS, CONTENT_WARNINGS } from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';
import { hiddenWarningsOf } from './hidden-warnings';

const TagsAnswer = z.object({
  tags: z.array(z.string()).describe('The curated tags writers choose from, alphabetical'),
  warnings: z
    .array(z.object({ id: z.enum(CONTENT_WARNING_IDS), label: z.string() }))
    .describe('The fixed content warnings, in the order the forms list them'),
});
const tagsDoc = apiSchema({
  summary: 'The curated tags and the fixed content warnings',
  tags: ['labels'],
  ok: { 200: { description: 'The labels a story may carry', schema: TagsAnswer } },
  errors: {},
});

const HiddenAnswer = z.object({ warnings: z.array(z.enum(CONTENT_WARNING_IDS)) });
const hiddenDoc = apiSchema({
  summary: "The content warnings whose stories the reader's lists leave out",
  tags: ['labels', 'accounts'],
  security: ['user'],
  ok: { 200: { description: 'The choice', schema: HiddenAnswer } },
  errors: { 401: 'Not authenticated' },
});

/** GET /api/tags: the labels a writer may choose; GET /api/me/hidden-warnings: a reader's choice. */
export const labelsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/tags', { schema: tagsDoc }, async (_request, reply) => {
    const rows = await deps.db.selectFrom('tags').select('tag').orderBy('tag').execute();
    reply.header('Cache-Control', 'no-cache');
    return { tags: rows.map((r) => r.tag), warnings: CONTENT_WARNINGS };
  });

  app.get('/api/me/hidden-warnings', { schema: hiddenDoc }, async (request, reply) => {
    const user = await sessionUser(request, deps);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    reply.header('Cache-Control', 'no-store');
    return { warnings: await hiddenWarningsOf(deps, user.userKey) };
  });
};
