import { HttpError } from '@nocturne/http-kit';
import { INTERNAL_TOKEN_HEADER } from '../premium/internal-unlock-route';
import type { NoticeAnswer, PaymentNoticeReceiver } from './receive-notice';

const unavailable = 'Payment notices cannot be stored right now. Please send it again.';

/**
 * The notice port over HTTP, for split mode: query-api hands the notice to command-api's
 * POST /internal/payments/notice with INTERNAL_TOKEN. Anything but an answer is a 503, which the
 * processor takes as "send it again".
 */
export function httpPaymentNoticeReceiver(
  commandApiUrl: string,
  internalToken: string,
): PaymentNoticeReceiver {
  const url = new URL('/internal/payments/notice', commandApiUrl).toString();
  return async (params) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
        body: JSON.stringify({ params }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new HttpError(503, unavailable);
    }
    const body = (await response.json().catch(() => null)) as NoticeAnswer | null;
    if (!response.ok || body === null || typeof body.status !== 'number')
      throw new HttpError(503, unavailable);
    return body;
  };
}
