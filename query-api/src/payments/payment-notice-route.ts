import { apiSchema, HttpError, perMinute } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';

/** A notice's parameters fit in far less; anything longer is not a processor's. */
export const MAX_NOTICE_URL = 4096;
/** Per sending address: a processor's burst of retries passes, a flood does not. */
export const NOTICES_PER_MINUTE = 6000;

export const noticeRouteMessages = {
  tooLong: 'The notice is too long.',
  repeated: 'A notice parameter is given more than once.',
  none: 'Payments are confirmed by hand here: there is no processor to take notices from.',
} as const;

const noticeDoc = apiSchema({
  summary: "A payment processor's notice (sale, refund, chargeback), signed by it",
  tags: ['premium'],
  // FlexPay's postback parameters; the processor may add others, which the signature covers too.
  querystring: z.object({
    shopID: z.string().optional(),
    type: z.string().optional(),
    event: z.string().optional(),
    saleID: z.string().optional(),
    transactionID: z.string().optional(),
    referenceID: z.string().optional(),
    priceAmount: z.string().optional(),
    priceCurrency: z.string().optional(),
    paymentMethod: z.string().optional(),
    signature: z.string().optional(),
  }),
  ok: {
    200: {
      description: 'Stored (or a copy of one stored): the acknowledgement the processor waits for, "OK"',
      schema: z.string(),
    },
  },
  errors: {
    400: 'Not a notice the processor sends (or too long to be one)',
    403: 'Not signed by the processor',
    404: 'No processor configured (PAYMENT_PROVIDER=manual)',
    429: 'Too many notices from this address (Retry-After)',
  },
});

/**
 * GET /api/payments/notices: the processor's postback URL. The notice goes to command-api
 * (`receivePaymentNotice`), which stores it once and applies it; the answer is "OK" only once
 * that is done, so a notice that failed is sent again by the processor. Its own rate limit and
 * length limit; the query (with the signature) never enters a log line.
 */
export const paymentNoticeRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get(
    '/api/payments/notices',
    {
      preHandler: perMinute(deps.limiter, 'payment-notices', NOTICES_PER_MINUTE, (request) => request.ip),
      schema: noticeDoc,
    },
    async (request, reply) => {
      if (request.url.length > MAX_NOTICE_URL) throw new HttpError(400, noticeRouteMessages.tooLong);
      const receive = deps.receivePaymentNotice;
      if (!receive) throw new HttpError(404, noticeRouteMessages.none);
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
        if (typeof value !== 'string') throw new HttpError(400, noticeRouteMessages.repeated);
        params[name] = value;
      }
      const answer = await receive(params);
      if (answer.status !== 200) throw new HttpError(answer.status, answer.detail);
      reply.header('Cache-Control', 'no-store');
      return reply.type('text/plain; charset=utf-8').send(answer.body);
    },
  );
};
