import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { AGE_VARY, AgeGate } from './age-gate';

const MethodsSchema = z.object({
  required: z
    .boolean()
    .describe(
      'Whether this viewer (their region, as the trusted proxy tells it) must be assured to see Explicit stories',
    ),
  methods: z
    .array(
      z.object({
        method: z.enum(['wallet', 'hosted']),
        label: z.string().describe('What the assurance screen calls it'),
      }),
    )
    .describe('The ways of confirming one is an adult that this server offers, in the order to show them'),
});

const methodsDoc = apiSchema({
  summary: 'Whether age assurance is required of this viewer, and the methods offered',
  tags: ['age-assurance'],
  ok: { 200: { description: 'The policy for this viewer and the methods', schema: MethodsSchema } },
  errors: {},
});

/**
 * GET /api/age-assurance/methods: what the assurance screen offers (each configured provider's
 * method) and whether this viewer must be assured at all (AGE_ASSURANCE, and the region for
 * `by-region`). Public; the viewer's own, as the region decides it.
 */
export const ageAssuranceMethodsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const gate = new AgeGate(deps.options);
  const methods = deps.options.ageAssuranceMethods ?? [];
  app.get('/api/age-assurance/methods', { schema: methodsDoc }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-cache').header('Vary', AGE_VARY);
    return { required: gate.requiredFor(request.headers), methods };
  });
};
