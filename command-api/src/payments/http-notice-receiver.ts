import { HttpError } from '@nocturne/http-kit';
import { internalCaller } from '../shared/internal-calls';
import type { NoticeAnswer, PaymentNoticeReceiver } from './notice-answer';

const unavailable = 'Payment notices cannot be stored right now. Please send it again.';

/**
 * The notice port over HTTP, for split mode: query-api hands the notice to command-api's
 * POST /internal/payments/notice with INTERNAL_TOKEN. With several command-api processes each
 * notice starts at the next one, and one that does not answer is passed over for the one after
 * it: handing a notice over twice is safe, since a copy is stored once. Anything but an answer
 * from one of them is a 503, which the processor takes as "send it again".
 */
export function httpPaymentNoticeReceiver(
  commandApiUrls: readonly string[],
  internalToken: string,
): PaymentNoticeReceiver {
  const call = internalCaller(commandApiUrls, '/internal/payments/notice', internalToken);
  return async (params) => {
    const response = await call({ params });
    if (!response) throw new HttpError(503, unavailable);
    const body = (await response.json().catch(() => null)) as NoticeAnswer | null;
    if (!response.ok || body === null || typeof body.status !== 'number')
      throw new HttpError(503, unavailable);
    return body;
  };
}
