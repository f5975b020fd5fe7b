import { DISCOUNTED_PRICE, FULL_PRICE } from '@nocturne/events/domain';
import { perMinute } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { isValidDiscountCode } from './discount-code';

const Body = z.object({ code: z.string().max(200) });

/**
 * POST /api/discounts/check {code} -> {valid, amount}: the code lives on the server only, never
 * in the bundle. Rate limited, so it cannot be guessed by brute force. Appends nothing.
 */
export const checkDiscountRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post(
    '/api/discounts/check',
    { preHandler: perMinute(deps.limiter, 'discount-check', 20, (request) => request.ip) },
    async (request) => {
      const { code } = Body.parse(request.body ?? {});
      const valid = isValidDiscountCode(code, deps.options.discountCode);
      return { valid, amount: valid ? DISCOUNTED_PRICE : FULL_PRICE };
    },
  );
};
