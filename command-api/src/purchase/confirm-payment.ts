import { streams } from '@nocturne/events';
import { apiSchema } from '@nocturne/http-kit';
import { openPersonalFields } from '@nocturne/vault';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { withPosition } from '../shared/reply';
import { requireUser } from '../users/authenticate';
import { paymentConfirmationDecider } from './payment-confirmation-decider';

const Body = z.object({
  /** Sent by the SPA but not trusted: the session's address is recorded. */
  email: z.string().max(320).optional(),
  amount: z.coerce.number().finite(),
  transaction_id: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  payment_method: z.string().trim().min(1).max(100),
});

const confirmDoc = apiSchema({
  summary: 'Tell the admins a payment was made (they grant premium after checking it)',
  tags: ['premium'],
  security: ['user'],
  body: Body,
  ok: { 200: { description: 'Recorded for the admins', schema: z.object({ message: z.string() }) } },
  errors: {
    400: 'Not a price of the product, or no payment method',
    401: 'No valid session token',
  },
});

/** POST /api/payment/confirm: PaymentConfirmationSubmitted on the logged-in user's stream. */
export const confirmPaymentRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/payment/confirm', { schema: confirmDoc }, async (request, reply) => {
    const user = await requireUser(request, deps);
    const body = Body.parse(request.body ?? {});
    const accountId = user.state.accountId!;
    // Sealed under the account's key, so erasing the account shreds it too.
    const transaction = body.transaction_id
      ? { id: body.transaction_id, sealed: await deps.vault.encrypt(accountId, body.transaction_id) }
      : null;
    const paymentMethod = await deps.vault.encrypt(accountId, body.payment_method);
    const result = await handleCommand(
      deps.store,
      streams.user(user.userKey),
      paymentConfirmationDecider,
      // The ids already recorded are opened from the state each attempt reads, so two
      // submissions of one id at once cannot both pass: the second is decided again.
      async (state) => {
        const recorded = await openPersonalFields(deps.vault, [...state.paymentTransactionIds]);
        return command(
          'ConfirmPayment',
          {
            // Already encrypted with the account's key: shredded with the account.
            encryptedEmail: user.state.encryptedEmail!,
            amount: body.amount,
            transaction,
            recordedTransactionIds: new Set(recorded.filter((id) => id !== null)),
            paymentMethod,
          },
          deps.clock(),
        );
      },
      commandContext(request, { kind: 'user', userKey: user.userKey }),
    );
    return withPosition(reply, deps, result.position).send({
      message: 'Payment confirmation received. Premium access is activated within 24 hours.',
    });
  });
};
