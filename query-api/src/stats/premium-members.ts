import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

const premiumMembersDoc = apiSchema({
  summary: 'How many readers got premium in the last 30 days',
  tags: ['site'],
  ok: { 200: { description: 'The count', schema: z.object({ last_30_days: z.number().int() }) } },
  errors: {},
});

/**
 * GET /api/stats/subscribers: `{last_30_days}`, the number of distinct users granted premium in
 * the last 30 days, counted from PremiumGranted events (a real count).
 */
export const premiumMembersRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/stats/subscribers', { schema: premiumMembersDoc }, async (_request, reply) => {
    const since = new Date(deps.clock().getTime() - THIRTY_DAYS_MS);
    const row = await deps.db
      .selectFrom('premium_grants')
      .select((eb) => eb.fn.count<string>('user_key').distinct().as('count'))
      .where('granted_at', '>', since)
      .executeTakeFirst();
    reply.header('Cache-Control', 'no-store');
    return { last_30_days: Number(row?.count ?? 0) };
  });
};
