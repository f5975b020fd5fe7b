import { HttpError } from '@nocturne/http-kit';
import { INTERNAL_TOKEN_HEADER } from '../premium/internal-unlock-route';
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
  const urls = commandApiUrls.map((base) => new URL('/internal/payments/notice', base).toString());
  if (urls.length === 0) throw new Error('at least one command-api URL is needed');
  let next = 0;
  const send = (url: string, params: Readonly<Record<string, string>>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
      body: JSON.stringify({ params }),
      signal: AbortSignal.timeout(10_000),
    });
  return async (params) => {
    const first = next;
    next = (next + 1) % urls.length;
    let response: Response | undefined;
    for (let i = 0; i < urls.length && !response; i++) {
      response = await send(urls[(first + i) % urls.length]!, params).catch(() => undefined);
    }
    if (!response) throw new HttpError(503, unavailable);
    const body = (await response.json().catch(() => null)) as NoticeAnswer | null;
    if (!response.ok || body === null || typeof body.status !== 'number')
      throw new HttpError(503, unavailable);
    return body;
  };
}
