import { type FormEvent, useEffect, useId, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field, Form } from '../ui/Field';
import { CheckIcon } from '../ui/icons';
import { CONFIRMED_CLOSE_DELAY_MS, confirmPayment, paymentErrorAlert } from './purchase-api';
import './ConfirmPaymentDialog.css';

export interface ConfirmPaymentDialogProps {
  open: boolean;
  amount: number;
  onClose(): void;
}

/**
 * "Payment Sent?": the user confirms, optionally with the
 * transaction id; "Payment Confirmed!" then closes by itself after 2 s. Activation is manual,
 * within 24 hours. A failure is the product's alert.
 */
export function ConfirmPaymentDialog({ open, amount, onClose }: ConfirmPaymentDialogProps) {
  const { user, refresh } = useAuth();
  const formId = useId();
  const [transactionId, setTransactionId] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (!open) {
      setTransactionId('');
      setConfirmed(false);
      setSubmitting(false);
    }
  }, [open]);

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(onClose, CONFIRMED_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirmed, onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await confirmPayment({ email: user?.email ?? '', amount, transactionId });
      setConfirmed(true);
      void refresh();
    } catch (error) {
      console.error('Payment confirmation failed', error);
      alert(paymentErrorAlert);
    } finally {
      setSubmitting(false);
    }
  }

  if (confirmed) {
    return (
      <Dialog open={open} onClose={onClose} title="Payment Confirmed!">
        <div className="payment-confirmed" role="status">
          <CheckIcon className="payment-confirmed__icon" aria-hidden="true" />
          <p>
            Thank you! We received your confirmation of the ${amount} payment. Your premium access will be
            activated within 24 hours.
          </p>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Payment Sent?"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button
            variant="primary"
            type="submit"
            form={`${formId}-form`}
            loading={submitting}
            loadingLabel="Confirming..."
          >
            Confirm Payment
          </Button>
        </>
      }
    >
      <Form id={`${formId}-form`} onSubmit={submit}>
        <p>
          Once you have completed the one-time payment of <strong>${amount}</strong> in the payment window,
          confirm it here. Premium access is activated manually within 24 hours.
        </p>
        <Field
          label="Transaction ID (optional)"
          hint={"Found in the payment provider's receipt; it helps us find your payment."}
          value={transactionId}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setTransactionId(event.target.value)}
        />
      </Form>
    </Dialog>
  );
}
