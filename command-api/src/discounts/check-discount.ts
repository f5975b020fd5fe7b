import { DISCOUNTED_PRICE, FULL_PRICE } from '@nocturne/domain';
import { apiSchema, perMinute } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { isValidDiscountCode } from './discount-code';

const Body = z.object({ code: z.string().max(200) });

const checkDiscountDoc = apiSchema({
  summary: 'Check a discount code: the price it gives',
  tags: ['premium'],
  body: Body,
  ok: {
    200: {
      description: 'Valid or not, and the price',
      schema: z.object({ valid: z.boolean(), amount: z.number() }),
    },
  },
  errors: { 400: 'No code', 429: 'Too many checks from this client (Retry-After)' },
});

/**
 * POST /api/discounts/check {code} -> {valid, amount}: the code lives on the server only, never
 * in the bundle. Rate limited, so it cannot be guessed by brute force. Appends nothing.
 */
export const checkDiscountRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(
    '/api/discounts/check',
    {
      preHandler: perMinute(deps.limiter, 'discount-check', 20, (request) => request.ip),
      schema: checkDiscountDoc,
    },
    async (request) => {
      const { code } = Body.parse(request.body ?? {});
      const valid = isValidDiscountCode(code, deps.options.discountCode);
      return { valid, amount: valid ? DISCOUNTED_PRICE : FULL_PRICE };
    },
  );
};
