import { FULL_PRICE } from '@nocturne/events/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';

/**
 * GET /api/payment/settings: where the pay button goes (`${payment_link_base}/<amount>`) and
 * the price. PAYMENT_LINK_BASE is configuration, so it is served rather than built into the
 * bundle. The discount code is not here: it is checked by POST /api/discounts/check.
 */
export const paymentSettingsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/payment/settings', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { payment_link_base: deps.options.paymentLinkBase.replace(/\/+$/, ''), price: FULL_PRICE };
  });
};
