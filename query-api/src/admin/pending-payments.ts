import { apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

const paymentsDoc = apiSchema({
  summary: 'Payments reported by users and not yet handled (admin)',
  tags: ['admin', 'premium'],
  security: ['admin'],
  ok: {
    200: {
      description: 'Oldest first',
      schema: z.object({
        payments: z.array(
          z.object({
            id: z.string(),
            email: z.string(),
            amount: z.number(),
            transaction_id: z.string().nullable(),
            payment_method: z.string(),
            submitted_at: z.string(),
            is_subscribed: z.boolean(),
            premium_stories_remaining: z.number().int(),
          }),
        ),
      }),
    },
  },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

/**
 * GET /api/admin/payments: payment confirmations no grant has followed yet, oldest first, so
 * the admin can activate them within the promised 24 hours. The address comes from the users
 * read model (the payments read model keeps only the pseudonymous key).
 */
export const pendingPaymentsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/payments', { schema: paymentsDoc }, async (request) => {
    requireAdmin(request);
    const rows = await deps.db
      .selectFrom('pending_payments')
      .innerJoin('users', 'users.user_key', 'pending_payments.user_key')
      .select([
        'pending_payments.event_id',
        'users.email',
        'users.is_subscribed',
        'users.premium_stories_remaining',
        'pending_payments.amount',
        'pending_payments.transaction_id',
        'pending_payments.payment_method',
        'pending_payments.submitted_at',
      ])
      .orderBy('pending_payments.position', 'asc')
      .execute();
    return {
      payments: rows.map((row) => ({
        id: row.event_id,
        email: row.email,
        amount: row.amount,
        transaction_id: row.transaction_id,
        payment_method: row.payment_method,
        submitted_at: new Date(row.submitted_at).toISOString(),
        is_subscribed: row.is_subscribed,
        premium_stories_remaining: row.premium_stories_remaining,
      })),
    };
  });
};
