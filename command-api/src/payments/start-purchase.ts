import { DISCOUNTED_PRICE, FULL_PRICE } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { isValidDiscountCode } from '../discounts/discount-code';
import { chosenId, commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { paymentProcessorOf } from './payment-settings';
import { purchaseDecider } from './purchase-decider';

const Body = z.object({ discount_code: z.string().max(200).optional() });

export const purchaseMessages = {
  manual: 'Payments are confirmed by hand here: use the payment link.',
  badCode: 'discount_code: not a valid code',
} as const;

/** What the reader's statement and the processor's page call the product. */
export const PURCHASE_DESCRIPTION = 'Nocturne Premium: 30 premium stories';

const startDoc = apiSchema({
  summary: "Start a purchase: the processor's payment page to send the reader to",
  tags: ['premium'],
  security: ['user'],
  body: Body,
  ok: {
    201: {
      description: 'The purchase, its price, and the payment page (signed for the processor)',
      schema: z.object({ purchase_id: z.string(), amount: z.number(), payment_url: z.string() }),
    },
  },
  errors: {
    400: 'Not a valid discount code',
    401: 'No valid session token',
    409: 'Payments are confirmed by hand (PAYMENT_PROVIDER=manual)',
    429: 'Too many purchases started from this client (Retry-After)',
  },
});

/**
 * POST /api/payments/purchases {discount_code?}: PurchaseStarted on `purchase-{id}` (the price,
 * the discount, the processor), answered with the processor's payment page for it. The id is the
 * reference the processor gives back in its notices; the reader returns to
 * /purchase/return?purchase={id}.
 */
export const startPurchaseRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const processor = paymentProcessorOf(deps.options.payments);
  app.post(
    '/api/payments/purchases',
    { preHandler: perMinute(deps.limiter, 'purchase-start', 20, (request) => request.ip), schema: startDoc },
    async (request, reply) => {
      const user = await requireUser(request, deps);
      const { discount_code: code } = Body.parse(request.body ?? {});
      if (!processor) throw new HttpError(409, purchaseMessages.manual);
      const discounted = code !== undefined && code.trim() !== '';
      if (discounted && !isValidDiscountCode(code, deps.options.discountCode)) {
        throw new HttpError(400, purchaseMessages.badCode);
      }
      const amount = discounted ? DISCOUNTED_PRICE : FULL_PRICE;
      const context = commandContext(request, { kind: 'user', userKey: user.userKey });
      const purchaseId = chosenId(context, 'new purchase');
      const result = await handleCommand(
        deps.store,
        streams.purchase(purchaseId),
        purchaseDecider,
        command(
          'StartPurchase',
          {
            userKey: user.userKey,
            accountId: user.state.accountId!,
            provider: processor.provider,
            amountCents: amount * 100,
            currency: 'USD',
            discounted,
            // Already sealed under the account's key: the receipt's address, shredded with it.
            email: user.state.encryptedEmail!,
          },
          deps.clock(),
        ),
        context,
      );
      const back = `${deps.options.publicUrl.replace(/\/+$/, '')}/purchase/return?purchase=${purchaseId}`;
      const paymentUrl = processor.paymentUrl({
        reference: purchaseId,
        amountCents: amount * 100,
        currency: 'USD',
        description: PURCHASE_DESCRIPTION,
        successUrl: back,
        declineUrl: `${back}&declined=1`,
      });
      return withPosition(reply.code(201), deps, result.position).send({
        purchase_id: purchaseId,
        amount,
        payment_url: paymentUrl,
      });
    },
  );
};
