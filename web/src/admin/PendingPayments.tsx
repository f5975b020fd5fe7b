import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../ui/Button';
import { LoadMore } from '../ui/LoadMore';
import { SectionTitle } from '../ui/SectionTitle';
import { surfaceClass } from '../ui/Surface';
import { useAdminAccess } from './admin-access';
import { pendingPaymentsQuery } from './admin-queries';
import { useUserActions } from './use-user-actions';
import './PendingPayments.css';

/**
 * Payment confirmations no grant has followed yet, oldest first, each with a one-click grant,
 * so activation happens within the promised 24 hours; a page at a time.
 */
export function PendingPayments({ token }: { token: string }) {
  const actions = useUserActions(token);
  const canGrant = useAdminAccess().may('PUT', '/api/admin/users/:email/subscription');
  const payments = useInfiniteQuery(pendingPaymentsQuery(token));
  if (payments.isError) console.error('Failed to load pending payments', payments.error);
  const list = payments.data?.pages.flatMap((page) => page.payments) ?? [];
  return (
    <section className={surfaceClass('admin-payments')} aria-labelledby="payments-title">
      <SectionTitle id="payments-title">Pending Payments ({list.length})</SectionTitle>
      {list.length === 0 ? (
        <p className="text-muted">No payment confirmations are waiting.</p>
      ) : (
        <ul className="admin-payments__list">
          {list.map((payment) => (
            <li key={payment.id} className="admin-payments__item" data-email={payment.email}>
              <div>
                <strong>{payment.email}</strong>
                <span className="text-meta">
                  {' '}
                  ${payment.amount} via {payment.payment_method}
                  {payment.transaction_id ? `, transaction ${payment.transaction_id}` : ''}, sent{' '}
                  {new Date(payment.submitted_at).toLocaleString()}
                </span>
              </div>
              {canGrant ? (
                <Button size="sm" variant="primary" onClick={() => actions.ask('grant', payment.email)}>
                  Grant Premium
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={payments} />
      {actions.dialog}
    </section>
  );
}
