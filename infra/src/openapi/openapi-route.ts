import { apiSchema, documentationOnlySchemas } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/openapi.json';

const openApiDoc = apiSchema({
  summary: 'This document: the HTTP API as OpenAPI 3.1',
  tags: ['site'],
  ok: { 200: { description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() } },
  errors: {},
});

/**
 * GET /api/openapi.json. A GET, so query-api's side of the routing rule: in split mode the
 * query-api service serves it (the gateway routes it there like every GET /api path), with
 * command-api's routes in it too (api-document.ts).
 */
export const openApiRoute =
  (document: () => Promise<unknown>): FastifyPluginAsync =>
  async (app) => {
    documentationOnlySchemas(app);
    app.get(OPENAPI_PATH, { schema: openApiDoc }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return document();
    });
  };
