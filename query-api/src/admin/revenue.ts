import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

/** Days answered by `?period=day`: the last 90 (a month is the longer view). */
export const REVENUE_DAYS = 90;
/** Months answered by `?period=month`: ten years. */
export const REVENUE_MONTHS = 120;

const Query = z.object({
  period: z.enum(['day', 'month'], { error: 'period must be day or month' }).default('month'),
});

const revenueDoc = apiSchema({
  summary: 'Revenue per day or month: gross, refunds, chargebacks and net, from the processors (admin)',
  tags: ['admin', 'premium'],
  security: ['admin'],
  querystring: Query,
  ok: {
    200: {
      description: `Oldest first: the last ${REVENUE_DAYS} days, or the last ${REVENUE_MONTHS} months, with money in them`,
      schema: z.object({
        period: z.enum(['day', 'month']),
        revenue: z.array(
          z.object({
            period: z.string().describe('YYYY-MM-DD or YYYY-MM (UTC)'),
            currency: z.string(),
            gross: z.number(),
            refunds: z.number(),
            chargebacks: z.number(),
            net: z.number(),
          }),
        ),
      }),
    },
  },
  errors: { 400: 'period must be day or month', 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/**
 * GET /api/admin/revenue?period=day|month: what the processors confirmed paid, what was
 * refunded and charged back, and the net, per UTC day or month and currency, from the revenue
 * read model (built from the events). For the owner, admins and auditors.
 */
export const revenueRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/revenue', { schema: revenueDoc }, async (request, reply) => {
    requireAdmin(request);
    const parsed = Query.safeParse(request.query ?? {});
    if (!parsed.success) throw new HttpError(400, 'period must be day or month');
    const { period } = parsed.data;
    const today = deps.clock().toISOString().slice(0, 10);
    const bucket =
      period === 'day' ? sql<string>`to_char(day, 'YYYY-MM-DD')` : sql<string>`to_char(day, 'YYYY-MM')`;
    const since =
      period === 'day'
        ? sql<string>`(${today}::date - ${REVENUE_DAYS - 1}::int)`
        : sql<string>`(date_trunc('month', ${today}::date) - make_interval(months => ${REVENUE_MONTHS - 1}))::date`;
    const rows = await deps.db
      .selectFrom('revenue_days')
      .select([
        bucket.as('period'),
        'currency',
        sql<string>`sum(gross_cents)`.as('gross'),
        sql<string>`sum(refunds_cents)`.as('refunds'),
        sql<string>`sum(chargebacks_cents)`.as('chargebacks'),
      ])
      .where(sql<boolean>`day >= ${since}`)
      .groupBy([bucket, 'currency'])
      .orderBy(bucket)
      .orderBy('currency')
      .execute();
    reply.header('Cache-Control', 'private, no-store');
    const money = (cents: string | number) => Number(cents) / 100;
    return {
      period,
      revenue: rows.map((row) => ({
        period: row.period,
        currency: row.currency,
        gross: money(row.gross),
        refunds: money(row.refunds),
        chargebacks: money(row.chargebacks),
        net: money(Number(row.gross) - Number(row.refunds) - Number(row.chargebacks)),
      })),
    };
  });
};
