import { FULL_PRICE } from '@nocturne/domain';
import { apiSchema } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

const paymentSettingsDoc = apiSchema({
  summary: 'Where the pay button goes, and the price',
  tags: ['premium'],
  ok: {
    200: {
      description: 'The payment link base and the full price',
      schema: z.object({
        payment_link_base: z.string(),
        price: z.number(),
        provider: z
          .enum(['manual', 'verotel', 'local', 'ccbill'])
          .describe(
            'manual: the payment link and a staff grant; otherwise Pay starts a purchase at the processor',
          ),
      }),
    },
  },
  errors: {},
});

/**
 * GET /api/payment/settings: where the pay button goes (`${payment_link_base}/<amount>`) and
 * the price. PAYMENT_LINK_BASE is configuration, so it is served rather than built into the
 * bundle. The discount code is not here: it is checked by POST /api/discounts/check.
 */
export const paymentSettingsRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/payment/settings', { schema: paymentSettingsDoc }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return {
      payment_link_base: deps.options.paymentLinkBase.replace(/\/+$/, ''),
      price: FULL_PRICE,
      provider: deps.options.paymentProvider,
    };
  });
};
