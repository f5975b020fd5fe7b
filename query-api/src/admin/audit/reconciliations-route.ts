import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { QueryApiDeps } from '../../deps';

/** Nights answered: the last 60 reconciled (per processor). */
export const RECONCILIATION_NIGHTS = 60;

const Side = z.object({ amount: z.number(), currency: z.string() }).nullable();

const Night = z.object({
  provider: z.string(),
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  processor_transactions: z.number(),
  logged_transactions: z.number(),
  matched: z.number().describe('Transactions both sides hold with the same amount'),
  reconciled_at: z.string(),
  differences: z.array(
    z.object({
      transaction_id: z.string(),
      kind: z.enum(['sale', 'refund', 'chargeback']),
      issue: z.enum(['missing_here', 'missing_there', 'amount_differs']),
      here: Side,
      there: Side,
      purchase_id: z.string().nullable().describe('The purchase the logged notice names (null: none here)'),
      account_id: z.string().nullable().describe("The purchase's account, for its timeline"),
    }),
  ),
});

const reconciliationsDoc = apiSchema({
  summary: "Each night's reconciliation of a processor's report with the log (auditor)",
  tags: ['admin', 'premium'],
  security: ['admin'],
  ok: {
    200: {
      description: `Newest first: the last ${RECONCILIATION_NIGHTS} nights reconciled, each with every difference`,
      schema: z.object({ nights: z.array(Night) }),
    },
  },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/**
 * GET /api/admin/audit/reconciliations: what each night's reconciliation found, from its events
 * (the reconciliations read model): how many transactions each side held, how many matched, and
 * each difference with both sides and the purchase it concerns, so the auditor can open it.
 */
export const auditReconciliationRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/audit/reconciliations', { schema: reconciliationsDoc }, async (request, reply) => {
    requireAdmin(request);
    const nights = await deps.db
      .selectFrom('reconciliations')
      .select([
        'provider',
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        'processor_transactions',
        'logged_transactions',
        'differences',
        'recorded_at',
      ])
      .orderBy('day', 'desc')
      .orderBy('provider')
      .limit(RECONCILIATION_NIGHTS)
      .execute();
    const keys = nights.flatMap((night) =>
      night.differences.map((d) => ({ provider: night.provider, transactionId: d.transactionId })),
    );
    const purchases =
      keys.length === 0
        ? []
        : await deps.db
            .selectFrom('payment_notices as n')
            .leftJoin('purchases as p', 'p.purchase_id', 'n.purchase_id')
            .leftJoin('users as u', 'u.user_key', 'p.user_key')
            .select(['n.provider', 'n.transaction_id', 'n.purchase_id', 'u.account_id'])
            .where(
              sql<boolean>`(n.provider, n.transaction_id) in (select * from unnest(${keys.map((k) => k.provider)}::text[], ${keys.map((k) => k.transactionId)}::text[]))`,
            )
            .execute();
    const purchaseOf = new Map(purchases.map((row) => [`${row.provider} ${row.transaction_id}`, row]));
    const side = (s: { amountCents: number; currency: string } | null) =>
      s ? { amount: s.amountCents / 100, currency: s.currency } : null;
    reply.header('Cache-Control', 'private, no-store');
    return {
      nights: nights.map((night) => {
        const unmatched = night.differences.filter((d) => d.issue !== 'missing_here').length;
        return {
          provider: night.provider,
          day: night.day,
          processor_transactions: night.processor_transactions,
          logged_transactions: night.logged_transactions,
          matched: Math.max(0, night.logged_transactions - unmatched),
          reconciled_at: night.recorded_at.toISOString(),
          differences: night.differences.map((d) => {
            const purchase = purchaseOf.get(`${night.provider} ${d.transactionId}`);
            return {
              transaction_id: d.transactionId,
              kind: d.kind,
              issue: d.issue,
              here: side(d.here),
              there: side(d.there),
              purchase_id: purchase?.purchase_id ?? null,
              account_id: purchase?.account_id ?? null,
            };
          }),
        };
      }),
    };
  });
};
