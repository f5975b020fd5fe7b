import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

const siteDoc = apiSchema({
  summary: 'Site settings the pages show',
  tags: ['site'],
  ok: { 200: { description: 'The support address', schema: z.object({ support_email: z.string() }) } },
  errors: {},
});

/**
 * GET /api/site: the public business settings the SPA shows (the Get In Touch
 * dialog and the verification page show the support address, {email}). Configured by
 * SUPPORT_EMAIL, so it is served rather than built into the bundle.
 */
export const siteInfoRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/site', { schema: siteDoc }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { support_email: deps.options.supportEmail };
  });
};
