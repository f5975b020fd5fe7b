import { mayReadPersonalData } from '@nocturne/domain';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { UNKNOWN_CURSOR } from '../stories/list/paging';
import { AdminPageQuery, adminPageFrom, sendPage } from './admin-paging';
import { SEALED } from './audit/shown-event';

const paymentsDoc = apiSchema({
  summary: 'Payments reported by users and not yet handled, a page at a time (admin)',
  tags: ['admin', 'premium'],
  security: ['admin'],
  querystring: AdminPageQuery,
  ok: {
    200: {
      description: 'Oldest first (X-Next-Cursor when more follow)',
      schema: z.object({
        payments: z.array(
          z.object({
            id: z.string(),
            email: z.string().describe('The address; "sealed" for a role that reads no personal data'),
            amount: z.number(),
            transaction_id: z
              .string()
              .nullable()
              .describe('As the member typed it; "sealed" for a role that reads no personal data'),
            payment_method: z
              .string()
              .describe('As the member typed it; "sealed" for a role that reads no personal data'),
            submitted_at: z.string(),
            is_subscribed: z.boolean(),
            premium_stories_remaining: z.number().int(),
          }),
        ),
      }),
    },
  },
  errors: {
    400: 'A limit that is not 1 to 100, or a cursor this server did not give',
    401: 'No X-Admin-Code, or a wrong or expired one',
  },
});

/**
 * GET /api/admin/payments: payment confirmations no grant has followed yet, oldest first, so
 * the admin can activate them within the promised 24 hours. The address comes from the users
 * read model (the payments read model keeps only the pseudonymous key). A page at a time
 * (`?limit=`, `?cursor=`), by the index on position from where the previous page stopped.
 */
export const pendingPaymentsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/payments', { schema: paymentsDoc }, async (request, reply) => {
    const admin = requireAdmin(request);
    // The auditor sees what the member typed "sealed", as in the event browser.
    const readsPersonal = mayReadPersonalData(admin.role);
    const sealed = (value: string | null) => (readsPersonal || value === null ? value : SEALED);
    const page = adminPageFrom(request.query, 1);
    const after = page.after ? Number(page.after[0]) : 0;
    if (!Number.isSafeInteger(after)) throw new HttpError(400, UNKNOWN_CURSOR);
    const found = await deps.db
      .selectFrom('pending_payments')
      .innerJoin('users', 'users.user_key', 'pending_payments.user_key')
      .select([
        'pending_payments.event_id',
        'users.email',
        'users.premium_member',
        'users.premium_stories_remaining',
        'pending_payments.amount',
        'pending_payments.transaction_id',
        'pending_payments.payment_method',
        'pending_payments.submitted_at',
        'pending_payments.position',
      ])
      .where('pending_payments.position', '>', after)
      .orderBy('pending_payments.position', 'asc')
      .limit(page.limit + 1)
      .execute();
    const rows = sendPage(reply, found, page, (row) => [String(row.position)]);
    return {
      payments: rows.map((row) => ({
        id: row.event_id,
        email: sealed(row.email)!,
        amount: row.amount,
        transaction_id: sealed(row.transaction_id),
        payment_method: sealed(row.payment_method)!,
        submitted_at: new Date(row.submitted_at).toISOString(),
        is_subscribed: row.premium_member,
        premium_stories_remaining: row.premium_stories_remaining,
      })),
    };
  });
};
