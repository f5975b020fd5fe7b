import { apiSchema, IntegrityCheckAnswer, IntegrityKindParams, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';

const statusDoc = apiSchema({
  summary: 'The last integrity check of a kind: its progress while it runs, then its outcome',
  tags: ['admin', 'audit'],
  security: ['admin'],
  params: IntegrityKindParams,
  ok: { 200: { description: 'State `never` when none has run', schema: IntegrityCheckAnswer } },
  errors: { 400: 'Not a check this product runs', 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/** GET /api/admin/integrity/{kind}: what the panel polls while a check runs. */
export const integrityStatusRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/integrity/:kind', { schema: statusDoc }, async (request) => {
    requireAdmin(request);
    const { kind } = IntegrityKindParams.parse(request.params);
    return deps.integrityChecks.read(kind);
  });
};
