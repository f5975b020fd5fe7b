import { accountMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';

const Params = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id: not a purchase id') });

export const PurchaseStatusSchema = z.object({
  purchase_id: z.string(),
  status: z
    .enum(['pending', 'paid', 'refunded', 'charged_back', 'held'])
    .describe(
      'pending: the processor has not confirmed it yet; held: its payment did not match and waits for the staff',
    ),
  amount: z.number(),
  premium_granted: z
    .boolean()
    .describe('The payment gave the reader premium, and the pages read now show it'),
  granted_position: z
    .number()
    .int()
    .nullable()
    .describe("The grant's event position: send it as X-Min-Position to read after it"),
});

export const purchaseStatusMessages = {
  notFound: 'Purchase not found',
} as const;

const statusDoc = apiSchema({
  summary: "One of the reader's purchases, as the processor's notices left it (the return page asks it)",
  tags: ['premium'],
  security: ['user'],
  params: Params,
  ok: { 200: { description: 'Where the purchase is', schema: PurchaseStatusSchema } },
  errors: { 400: 'Not a purchase id', 401: 'Not authenticated', 404: 'Purchase not found' },
});

/**
 * GET /api/payments/purchases/{id}: the reader's purchase, folded from its own stream (the
 * event log is where a processor's notice lands first). Once the payment granted premium, the
 * answer waits (bounded) for the read models to reach the grant, so the page the reader goes to
 * next shows it: read-your-writes for a write the processor made.
 */
export const purchaseStatusRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/payments/purchases/:id', { schema: statusDoc }, async (request, reply) => {
    const { id } = Params.parse(request.params);
    const user = await sessionUser(request, deps);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    const events = await deps.store.readStream(streams.purchase(id));
    const started = events.find((e) => e.type === 'PurchaseStarted');
    const startedBy = (started?.data as { userKey?: string; amountCents?: number } | undefined) ?? {};
    // Another reader's purchase is as unknown as one that does not exist.
    if (!started || startedBy.userKey !== user.userKey)
      throw new HttpError(404, purchaseStatusMessages.notFound);
    const has = (type: string, kind?: string) =>
      events.some(
        (e) => e.type === type && (kind === undefined || (e.data as { kind?: string }).kind === kind),
      );
    const status = has('PaymentReversed', 'chargeback')
      ? 'charged_back'
      : has('PaymentReversed', 'refund')
        ? 'refunded'
        : has('PaymentReceived')
          ? 'paid'
          : has('PaymentHeldForStaff')
            ? 'held'
            : 'pending';
    const grants = await deps.store.readStreamTypes(streams.user(user.userKey), ['PremiumGranted']);
    const grant = grants.find((e) => (e.data as { purchaseId?: string }).purchaseId === id);
    if (grant) await deps.consistency.waitFor(grant.position);
    reply.header('Cache-Control', 'private, no-store');
    return {
      purchase_id: id,
      status,
      amount: (startedBy.amountCents ?? 0) / 100,
      premium_granted: grant !== undefined && status === 'paid',
      granted_position: grant?.position ?? null,
    };
  });
};
