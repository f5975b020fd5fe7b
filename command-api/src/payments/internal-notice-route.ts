import { HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';
import { INTERNAL_TOKEN_HEADER, sameInternalToken } from '../shared/internal-calls';
import { paymentProcessorOf } from './payment-settings';
import { createPaymentNoticeReceiver } from './receive-notice';

const Body = z.object({ params: z.record(z.string().max(100), z.string().max(4096)) });

/**
 * POST /internal/payments/notice: a processor's notice, handed over by query-api in split mode
 * (the processor sends it as a GET, which is query-api's). INTERNAL_TOKEN only, like the
 * premium unlock's internal route.
 */
export const internalNoticeRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const { internalToken } = deps.options;
  if (!internalToken) throw new Error('internal routes need an INTERNAL_TOKEN');
  const processor = paymentProcessorOf(deps.options.payments);
  const receive = processor ? createPaymentNoticeReceiver(deps, processor) : null;
  app.post('/internal/payments/notice', async (request) => {
    if (!sameInternalToken(request.headers[INTERNAL_TOKEN_HEADER], internalToken)) {
      throw new HttpError(401, 'Not allowed');
    }
    if (!receive) throw new HttpError(404, 'No payment processor is configured.');
    return receive(Body.parse(request.body).params);
  });
};
