import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import type { QueuedNotice } from './admin-api';
import { paymentQueueQuery } from './admin-queries';
import './PendingPayments.css';

const reasons: Record<string, string> = {
  amount_mismatch: 'paid another amount than the price',
  currency_mismatch: 'paid in another currency',
  second_sale: 'a second payment of a purchase already paid',
  unknown_reference: 'names no purchase of ours',
};

function describe(notice: QueuedNotice): string {
  const paid = `${notice.amount.toFixed(2)} ${notice.currency}`;
  const price = notice.price === null ? '' : `, price $${notice.price.toFixed(2)}`;
  return `${notice.kind} ${paid}${price}: ${reasons[notice.reason] ?? notice.reason}`;
}

/**
 * The processor's notices that granted nothing (held or queued), newest first, with what the
 * processor said beside the purchase's own price: the staff settle them at the processor
 * (a refund) or by hand (a grant).
 */
export function PaymentQueue({ token }: { token: string }) {
  const queue = useInfiniteQuery(paymentQueueQuery(token));
  if (queue.isError) console.error('Failed to load the payment queue', queue.error);
  const list = queue.data?.pages.flatMap((page) => page.notices) ?? [];
  return (
    <section className={surfaceClass('admin-payments')} aria-labelledby="payment-queue-title">
      <SectionTitle id="payment-queue-title">Payments to check ({list.length})</SectionTitle>
      {list.length === 0 ? (
        <p className="text-muted">Every payment notice was applied.</p>
      ) : (
        <ul className="admin-payments__list">
          {list.map((notice) => (
            <li key={`${notice.provider}-${notice.transaction_id}`} className="admin-payments__item">
              <div>
                <strong>{notice.email ?? (notice.purchase_id ? 'erased account' : 'unknown buyer')}</strong>
                <span className="text-meta">
                  {' '}
                  {describe(notice)}; {notice.provider} transaction {notice.transaction_id} (sale{' '}
                  {notice.sale_id}
                  {notice.purchase_id ? `, purchase ${notice.purchase_id}` : ''}),{' '}
                  {new Date(notice.received_at).toLocaleString()}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={queue} />
    </section>
  );
}
