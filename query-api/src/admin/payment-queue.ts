import { mayReadPersonalData } from '@nocturne/domain';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { UNKNOWN_CURSOR } from '../stories/list/paging';
import { AdminPageQuery, adminPageFrom, sendPage } from './admin-paging';
import { SEALED } from './audit/shown-event';

const queueDoc = apiSchema({
  summary: 'Processor notices that granted nothing and wait for the staff, a page at a time (admin)',
  tags: ['admin', 'premium'],
  security: ['admin'],
  querystring: AdminPageQuery,
  ok: {
    200: {
      description: 'Newest first (X-Next-Cursor when more follow)',
      schema: z.object({
        notices: z.array(
          z.object({
            provider: z.string(),
            transaction_id: z.string(),
            sale_id: z.string(),
            kind: z.enum(['sale', 'refund', 'chargeback']),
            purchase_id: z.string().nullable(),
            email: z
              .string()
              .nullable()
              .describe(
                'The buyer, when the notice named a purchase of a live account; "sealed" for a role that reads no personal data',
              ),
            amount: z.number(),
            currency: z.string(),
            price: z.number().nullable().describe("The purchase's own price, when it named one"),
            state: z.enum(['held', 'queued']),
            reason: z
              .string()
              .describe('amount_mismatch, currency_mismatch, second_sale (held); unknown_reference (queued)'),
            received_at: z.string(),
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
 * GET /api/admin/payments/queue: the processor's notices that granted nothing (a payment of
 * another amount or currency, a second sale, a notice naming no purchase of ours), newest first,
 * with both sides: what the processor said and the purchase's own price. A page at a time by the
 * partial index on the notices not applied.
 */
export const paymentQueueRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/payments/queue', { schema: queueDoc }, async (request, reply) => {
    const admin = requireAdmin(request);
    // The auditor sees the buyer's address "sealed", as in the event browser.
    const readsPersonal = mayReadPersonalData(admin.role);
    const page = adminPageFrom(request.query, 1);
    const before = page.after ? Number(page.after[0]) : null;
    if (before !== null && !Number.isSafeInteger(before)) throw new HttpError(400, UNKNOWN_CURSOR);
    let query = deps.db
      .selectFrom('payment_notices as n')
      .leftJoin('purchases as p', 'p.purchase_id', 'n.purchase_id')
      .leftJoin('users as u', 'u.user_key', 'p.user_key')
      .select([
        'n.provider',
        'n.transaction_id',
        'n.sale_id',
        'n.kind',
        'n.purchase_id',
        'u.email',
        'n.amount_cents',
        'n.currency',
        'p.amount_cents as price_cents',
        'n.state',
        'n.reason',
        'n.received_at',
        'n.position',
      ])
      .where(sql<boolean>`n.state <> 'applied'`);
    if (before !== null) query = query.where('n.position', '<', before);
    const found = await query
      .orderBy('n.position', 'desc')
      .limit(page.limit + 1)
      .execute();
    const rows = sendPage(reply, found, page, (row) => [String(row.position)]);
    return {
      notices: rows.map((row) => ({
        provider: row.provider,
        transaction_id: row.transaction_id,
        sale_id: row.sale_id,
        kind: row.kind,
        purchase_id: row.purchase_id,
        email: row.email === null ? null : readsPersonal ? row.email : SEALED,
        amount: row.amount_cents / 100,
        currency: row.currency,
        price: row.price_cents === null ? null : row.price_cents / 100,
        state: row.state as 'held' | 'queued',
        reason: row.reason ?? '',
        received_at: new Date(row.received_at).toISOString(),
      })),
    };
  });
};
