import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { rememberEventPosition } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { authKeys } from '../auth/auth-queries';
import { RequireAuth } from '../auth/RequireAuth';
import { premiumKeys } from '../premium/premium-queries';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { purchaseStatusQuery } from './purchase-queries';
import './PurchasePage.css';

/** After this long without the processor's confirmation, the page says plainly that it is late. */
export const LATE_NOTICE_MS = 5000;

/** `/purchase/return?purchase={id}`: where the payment processor sends the reader back. */
export default function PurchaseReturnRoute() {
  return (
    <RequireAuth>
      <SessionPurchaseReturn />
    </RequireAuth>
  );
}

function SessionPurchaseReturn() {
  const { token } = useAuth();
  return <PurchaseReturn token={token} />;
}

/**
 * The reader is back from the processor's page. The premium comes from the processor's notice,
 * which may come before the reader or after: the page asks until the purchase settles, says so
 * plainly when the confirmation is late, and updates by itself when it comes.
 */
export function PurchaseReturn({ token }: { token: string | null }) {
  const [params] = useSearchParams();
  const id = params.get('purchase') ?? '';
  const declined = params.get('declined') === '1';
  const queryClient = useQueryClient();
  const purchase = useQuery({
    ...purchaseStatusQuery(id, token),
    enabled: token !== null && id !== '' && !declined,
  });
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LATE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, []);

  const granted = purchase.data?.premium_granted === true;
  const position = purchase.data?.granted_position ?? null;
  useEffect(() => {
    if (!granted || position === null) return;
    // The grant was written by the processor's notice: read everything after it from now on.
    rememberEventPosition(position);
    void queryClient.invalidateQueries({ queryKey: authKeys.users() });
    void queryClient.invalidateQueries({ queryKey: premiumKeys.all() });
  }, [granted, position, queryClient]);

  let title: string;
  let message: string;
  if (declined) {
    title = 'Payment declined';
    message = 'The payment was declined and nothing was charged. You can try again with another card.';
  } else if (purchase.isError || id === '') {
    title = 'Purchase not found';
    message = 'We could not find this purchase. If you paid, it will show in My premium once confirmed.';
  } else if (!purchase.data || purchase.data.status === 'pending') {
    title = 'Confirming your payment…';
    message = late
      ? 'The payment processor has not confirmed your payment yet. This page updates by itself as soon as it does; you can also leave it, premium will be there.'
      : 'Waiting for the payment processor to confirm your payment.';
  } else if (purchase.data.status === 'paid') {
    title = 'Payment confirmed';
    message = 'Premium is active: choose the 30 premium stories you want to read.';
  } else if (purchase.data.status === 'held') {
    title = 'Payment under review';
    message =
      'Your payment did not match the price, so premium was not activated. Our staff will look at it.';
  } else {
    title = purchase.data.status === 'refunded' ? 'Payment refunded' : 'Payment charged back';
    message = 'This purchase was reversed, so it gives no premium.';
  }

  return (
    <div className="page purchase-page">
      <main id="main" className={centeredPanelClass('purchase-panel')}>
        <h1 className="purchase-panel__title">{title}</h1>
        <p className="text-muted" role="status" aria-live="polite">
          {message}
        </p>
        <p>
          {granted ? (
            <Link to="/profile">Go to the stories</Link>
          ) : (
            <Link to="/subscription">Back to the offer</Link>
          )}
          {' · '}
          <Link to="/my-premium">My premium</Link>
        </p>
      </main>
    </div>
  );
}
