import { apiSchema, IntegrityCheckAnswer, IntegrityKindParams, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { adminCommandErrors, adminRateLimit } from '../admin/admin-rate-limit';
import type { CommandApiDeps } from '../deps';

const startDoc = apiSchema({
  summary: 'Start an integrity check: the log against its hash chain, or the read models against a rebuild',
  tags: ['admin', 'audit'],
  security: ['admin'],
  params: IntegrityKindParams,
  ok: {
    202: {
      description:
        'Started, or already running: poll GET /api/admin/integrity/{kind} for its progress and outcome. Reads and compares only; no event is appended',
      schema: IntegrityCheckAnswer,
    },
  },
  errors: { 400: 'Not a check this product runs', ...adminCommandErrors },
});

/**
 * POST /api/admin/integrity/{kind}: starts the check in the background and answers at once;
 * the check changes no data, so the answer carries no event position.
 */
export const integrityRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(
    '/api/admin/integrity/:kind',
    { preHandler: adminRateLimit(deps), schema: startDoc },
    async (request, reply) => {
      requireAdmin(request);
      const { kind } = IntegrityKindParams.parse(request.params);
      return reply.status(202).send(await deps.integrityChecks.start(kind));
    },
  );
};
