import type { PaymentNoticeReceiver } from '@nocturne/query-api';
import { Counter, type Registry } from 'prom-client';
import { metricOnce } from './registry';

/**
 * The payment notices, counted by outcome: `nocturne_payment_notices_total{outcome}` (applied,
 * duplicate, queued, ignored) and `nocturne_payment_notices_refused_total{reason}` (signature,
 * malformed, sender): a refused notice appended nothing, and a rise of them is someone forging notices.
 */
export function countNotices(receive: PaymentNoticeReceiver, registry: Registry): PaymentNoticeReceiver {
  const count = noticeCounter(registry);
  return async (params) => {
    const answer = await receive(params);
    count(answer);
    return answer;
  };
}

/** Counts one answered notice (the same counters, for a route that answers notices itself: CCBill's webhooks). */
export function noticeCounter(
  registry: Registry,
): (answer: Awaited<ReturnType<PaymentNoticeReceiver>>) => void {
  const taken = metricOnce(
    registry,
    'nocturne_payment_notices_total',
    () =>
      new Counter({
        name: 'nocturne_payment_notices_total',
        help: 'Payment notices acknowledged, by outcome',
        labelNames: ['outcome'],
        registers: [registry],
      }),
  );
  const refused = metricOnce(
    registry,
    'nocturne_payment_notices_refused_total',
    () =>
      new Counter({
        name: 'nocturne_payment_notices_refused_total',
        help: 'Payment notices refused (bad signature or not a notice): nothing stored',
        labelNames: ['reason'],
        registers: [registry],
      }),
  );
  return (answer) => {
    if (answer.status === 200) taken.inc({ outcome: answer.outcome });
    else refused.inc({ reason: answer.reason });
  };
}
