import { answerOf, client, publicClient } from '../api/typed-client';

/** The fixed payment method of a direct PayPal link. */
export const PAYMENT_METHOD = 'paypal_direct';
/** The "Payment Sent?" dialog opens 1 s after the link; closes 2 s after success. */
export const CONFIRM_DIALOG_DELAY_MS = 1000;
export const CONFIRMED_CLOSE_DELAY_MS = 2000;

export const paymentErrorAlert = 'Error submitting payment confirmation. Please contact support.';

/** The discount code is compared by the server (it never ships in the bundle). */
export function checkDiscountCode(code: string) {
  return answerOf(publicClient.POST('/api/discounts/check', { body: { code } }));
}

export function confirmPayment(input: { email: string; amount: number; transactionId: string }) {
  return answerOf(
    client.POST('/api/payment/confirm', {
      body: {
        email: input.email,
        amount: input.amount,
        transaction_id: input.transactionId.trim() || null,
        payment_method: PAYMENT_METHOD,
      },
    }),
  );
}

/** The provider's link for an amount: one path per amount. */
export function paymentLink(base: string, amount: number): string {
  return `${base.replace(/\/+$/, '')}/${amount}`;
}

/**
 * A purchase at the payment processor (PAYMENT_PROVIDER other than manual): the server records
 * it and answers the processor's payment page to send the reader to.
 */
export function startPurchase(discountCode: string | null) {
  return answerOf(
    client.POST('/api/payments/purchases', { body: discountCode ? { discount_code: discountCode } : {} }),
  );
}
