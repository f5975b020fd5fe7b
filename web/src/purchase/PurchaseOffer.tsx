import { FULL_PRICE } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button';
import { Benefits } from './Benefits';
import { ConfirmPaymentDialog } from './ConfirmPaymentDialog';
import { DiscountBox } from './DiscountBox';
import { CONFIRM_DIALOG_DELAY_MS, paymentLink, startPurchase } from './purchase-api';
import { paymentSettingsQuery } from './purchase-queries';
import './PurchaseOffer.css';

export interface PurchaseOfferProps {
  /** Label of the code box (the management page calls it an invite/discount code). */
  codeLabel?: string;
}

/**
 * The offer: benefits, the one-time price, the discount box, the pay button that opens the
 * payment link with the amount in a new tab, and 1 s later the "Payment Sent?" dialog.
 * Used by the purchase page and the management page.
 */
export function PurchaseOffer({ codeLabel }: PurchaseOfferProps) {
  const settings = useQuery(paymentSettingsQuery());
  const [amount, setAmount] = useState(FULL_PRICE);
  const [confirming, setConfirming] = useState(false);
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const [starting, setStarting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function payAtProcessor() {
    setStarting('busy');
    try {
      const { payment_url } = await startPurchase(discountCode);
      window.location.assign(payment_url);
    } catch (error) {
      console.error('Could not start the purchase', error);
      setStarting('failed');
    }
  }

  function pay() {
    if (settings.data && settings.data.provider !== 'manual') {
      void payAtProcessor();
      return;
    }
    try {
      if (!settings.data) throw new Error('The payment link is not loaded yet');
      window.open(paymentLink(settings.data.payment_link_base, amount), '_blank', 'noopener,noreferrer');
    } catch (error) {
      console.error('Could not open the payment link', error); // only logged
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setConfirming(true), CONFIRM_DIALOG_DELAY_MS);
  }

  const discounted = amount < FULL_PRICE;
  const atProcessor = settings.data !== undefined && settings.data.provider !== 'manual';
  return (
    <div className="purchase-offer">
      <Benefits />
      <div className="purchase-price" aria-live="polite">
        {discounted ? <s className="purchase-price__old">${FULL_PRICE}</s> : null}
        <span className="purchase-price__amount">${amount}</span>
        <span className="purchase-price__term">one-time</span>
      </div>
      <p className="purchase-price__note text-muted">
        Pay once for 30 premium stories. No subscription, no recurring charges.
      </p>
      <DiscountBox onAmount={setAmount} onCode={setDiscountCode} label={codeLabel} />
      {atProcessor ? (
        <>
          <Button variant="primary" size="lg" block onClick={pay} disabled={starting === 'busy'}>
            Pay ${amount}
          </Button>
          {starting === 'failed' ? (
            <p className="purchase-offer__fine" role="alert">
              The payment could not be started. Please try again.
            </p>
          ) : null}
          <p className="purchase-offer__fine text-muted">
            You pay on the payment processor's secure page; your card never reaches us. Premium is active as
            soon as the processor confirms the payment.
          </p>
        </>
      ) : (
        <>
          <Button variant="primary" size="lg" block onClick={pay} disabled={settings.isLoading}>
            Pay ${amount} with PayPal
          </Button>
          <p className="purchase-offer__fine text-muted">
            The payment opens in a new tab. Activation is manual and takes up to 24 hours.
          </p>
        </>
      )}
      <ConfirmPaymentDialog open={confirming} amount={amount} onClose={() => setConfirming(false)} />
    </div>
  );
}
