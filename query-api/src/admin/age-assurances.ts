import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

/** Days the panel shows: the last 30, today included. */
export const ASSURANCE_DAYS = 30;

export interface AssuranceDay {
  day: string;
  /** Members and visitors assured by each method. */
  wallet: number;
  hosted: number;
  /** Of them, visitors (a browser assured, no account). */
  visitors: number;
}

/**
 * The window's days, oldest first, each with its counts per method and its visitors (zero on a
 * day without any).
 */
export function assuranceDays(
  rows: readonly { day: string; method: string; viewer: string; assurances: number }[],
  now: Date,
  days = ASSURANCE_DAYS,
): AssuranceDay[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const filled = new Map<string, AssuranceDay>();
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today - i * 86_400_000).toISOString().slice(0, 10);
    filled.set(day, { day, wallet: 0, hosted: 0, visitors: 0 });
  }
  for (const row of rows) {
    const entry = filled.get(row.day);
    if (!entry || (row.method !== 'wallet' && row.method !== 'hosted')) continue;
    entry[row.method] += row.assurances;
    if (row.viewer === 'visitor') entry.visitors += row.assurances;
  }
  return [...filled.values()];
}

const assurancesDoc = apiSchema({
  summary:
    'Age assurances of members and visitors per day and method, and per provider, over the last 30 days (admin)',
  tags: ['admin'],
  security: ['admin'],
  ok: {
    200: {
      description: `The last ${ASSURANCE_DAYS} days (UTC), oldest first, every day present; counts only, nobody named`,
      schema: z.object({
        days: z.array(
          z.object({
            day: z.string().describe('YYYY-MM-DD (UTC)'),
            wallet: z.number(),
            hosted: z.number(),
            visitors: z.number().describe('Of the day’s assurances, those of visitors (no account)'),
          }),
        ),
        providers: z.array(
          z.object({
            method: z.string(),
            provider: z.string(),
            assurances: z.number(),
            visitors: z.number().describe('Of them, those of visitors'),
          }),
        ),
      }),
    },
  },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/**
 * GET /api/admin/age-assurances: how many members and visitors were assured per day and method,
 * and by which provider, from the age_assurance_days read model. For the owner, admins and
 * auditors.
 */
export const ageAssuranceStatsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/age-assurances', { schema: assurancesDoc }, async (request, reply) => {
    requireAdmin(request);
    const now = deps.clock();
    const today = now.toISOString().slice(0, 10);
    const rows = await deps.db
      .selectFrom('age_assurance_days')
      .select([
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        'method',
        'provider',
        'viewer',
        'assurances',
      ])
      .where(sql<boolean>`day > (${today}::date - ${ASSURANCE_DAYS}::int)`)
      .execute();
    const counted = rows.map((row) => ({ ...row, assurances: Number(row.assurances) }));
    const providers = new Map<
      string,
      { method: string; provider: string; assurances: number; visitors: number }
    >();
    for (const row of counted) {
      const key = `${row.method} ${row.provider}`;
      const sum = providers.get(key) ?? {
        method: row.method,
        provider: row.provider,
        assurances: 0,
        visitors: 0,
      };
      sum.assurances += row.assurances;
      if (row.viewer === 'visitor') sum.visitors += row.assurances;
      providers.set(key, sum);
    }
    reply.header('Cache-Control', 'private, no-store');
    return {
      days: assuranceDays(counted, now),
      providers: [...providers.values()].sort((a, b) => b.assurances - a.assurances),
    };
  });
};
