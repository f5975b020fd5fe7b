import { monthOf, monthsBetween } from '@nocturne/domain';
import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

export interface MonthlyStat {
  month: string;
  registrations: number;
  verified: number;
  premium: number;
}

/**
 * Every month from the first one with data to the current one (by the clock, UTC), with zeros
 * where nothing happened: the projection stores only months that had events.
 */
export function fillMonths(rows: readonly MonthlyStat[], now: Date): MonthlyStat[] {
  if (rows.length === 0) return [];
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  // 'YYYY-MM' sorts as text.
  const months = [...byMonth.keys(), monthOf(now)].sort();
  const first = months[0]!;
  const last = months.at(-1)!;
  return monthsBetween(first, last).map(
    (month) => byMonth.get(month) ?? { month, registrations: 0, verified: 0, premium: 0 },
  );
}

const monthlyStatsDoc = apiSchema({
  summary: 'Registrations, verifications and premium grants per month (admin)',
  tags: ['admin'],
  security: ['admin'],
  ok: {
    200: {
      description: 'Every month from the first to this one',
      schema: z.object({
        monthly_stats: z.array(
          z.object({
            month: z.string(),
            registrations: z.number(),
            verified: z.number(),
            premium: z.number(),
          }),
        ),
      }),
    },
  },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/** GET /api/admin/users/monthly-stats: `{monthly_stats: [{month, registrations, verified, premium}]}`. */
export const monthlyStatsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/users/monthly-stats', { schema: monthlyStatsDoc }, async (request) => {
    requireAdmin(request);
    const rows = await deps.db
      .selectFrom('monthly_stats')
      .select(['month', 'registrations', 'verified', 'premium'])
      .execute();
    return { monthly_stats: fillMonths(rows, deps.clock()) };
  });
};
