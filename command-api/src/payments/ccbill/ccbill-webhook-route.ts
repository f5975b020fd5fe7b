import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../../deps';
import { registerFormBody } from '../../shared/form-body';
import type { NoticeAnswer } from '../notice-answer';
import { paymentProcessorOf } from '../payment-settings';
import { createPaymentNoticeReceiver } from '../receive-notice';
import { senderCheck } from './ccbill-senders';

/** Per sending address: CCBill's bursts of retries pass, a flood does not. */
export const CCBILL_WEBHOOKS_PER_MINUTE = 6000;
/** A webhook's fields fit in far less; anything longer is not CCBill's. */
const MAX_WEBHOOK_BYTES = 16 * 1024;

export const ccbillWebhookMessages = {
  sender: "The webhook does not come from CCBill's addresses.",
  notCcbill: 'CCBill is not the payment processor here.',
  shape: 'A webhook carries flat fields (form or JSON), each given once.',
} as const;

const webhookDoc = apiSchema({
  summary: "CCBill's webhook (NewSaleSuccess, NewSaleFailure, Refund, Void, Chargeback)",
  tags: ['premium'],
  querystring: z.object({
    eventType: z.string().describe('The event, as CCBill names it'),
    eventGroupType: z.string().optional(),
  }),
  body: z
    .record(z.string(), z.unknown())
    .describe("The event's fields, URL-encoded or JSON, as configured in CCBill's Admin Portal"),
  ok: { 200: { description: 'Stored (or a copy of one stored), or not a sale of ours', schema: z.string() } },
  errors: {
    400: 'Not a webhook CCBill sends',
    403: "Not from CCBill's addresses (as seen through TRUST_PROXY), or another merchant account's",
    404: 'CCBill is not the configured processor',
    429: 'Too many webhooks from this address (Retry-After)',
  },
});

/**
 * POST /api/payments/ccbill/webhooks: CCBill's webhook URL. CCBill does not sign its webhooks;
 * they are taken only from its published address ranges (CCBILL_WEBHOOK_SENDERS), the address
 * being the client's as TRUST_PROXY lets it be seen. The event then goes the one way every
 * processor's notice goes (stored once, applied in any order), and CCBill is answered 200 only
 * once that is done, so a failed one is sent again.
 */
export const ccbillWebhookRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await registerFormBody(app);
  const settings = deps.options.payments;
  const processor = settings?.provider === 'ccbill' ? paymentProcessorOf(settings) : null;
  const receive = processor ? createPaymentNoticeReceiver(deps, processor) : null;
  const fromCcbill = settings?.provider === 'ccbill' ? senderCheck(settings.webhookSenders) : () => false;
  const counted = (answer: NoticeAnswer) => {
    deps.countPaymentNotice?.(answer);
    return answer;
  };
  app.post(
    '/api/payments/ccbill/webhooks',
    {
      bodyLimit: MAX_WEBHOOK_BYTES,
      preHandler: perMinute(
        deps.limiter,
        'ccbill-webhooks',
        CCBILL_WEBHOOKS_PER_MINUTE,
        (request) => request.ip,
      ),
      schema: webhookDoc,
    },
    async (request, reply) => {
      if (!receive) throw new HttpError(404, ccbillWebhookMessages.notCcbill);
      if (!fromCcbill(request.ip)) {
        counted({ status: 403, detail: ccbillWebhookMessages.sender, outcome: 'refused', reason: 'sender' });
        throw new HttpError(403, ccbillWebhookMessages.sender);
      }
      const params = flatFields(request.query, request.body);
      if (params === null) {
        counted({
          status: 400,
          detail: ccbillWebhookMessages.shape,
          outcome: 'refused',
          reason: 'malformed',
        });
        throw new HttpError(400, ccbillWebhookMessages.shape);
      }
      const answer = counted(await receive(params));
      if (answer.status !== 200) throw new HttpError(answer.status, answer.detail);
      reply.header('Cache-Control', 'no-store');
      return reply.type('text/plain; charset=utf-8').send(answer.body);
    },
  );
};

/** The query's eventType with the body's fields, every value a string; null for anything nested or repeated. */
function flatFields(query: unknown, body: unknown): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const source of [body ?? {}, query ?? {}]) {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) return null;
    for (const [name, value] of Object.entries(source)) {
      if (name.length > 100) return null;
      if (typeof value === 'string') fields[name] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') fields[name] = String(value);
      else if (value !== null) return null;
    }
  }
  return fields;
}
