import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** The fixed payment method of a direct PayPal link. */
export const PAYMENT_METHOD = 'paypal_direct';
/** The "Payment Sent?" dialog opens 1 s after the link; closes 2 s after success. */
export const CONFIRM_DIALOG_DELAY_MS = 1000;
export const CONFIRMED_CLOSE_DELAY_MS = 2000;

export const paymentErrorAlert = 'Error submitting payment confirmation. Please contact support.';

/** The payment link base (PAYMENT_LINK_BASE), served by the server rather than built in. */
export function usePaymentSettings() {
  return useQuery({
    queryKey: queryKeys.paymentSettings(),
    queryFn: () =>
      api<{ payment_link_base: string; price: number }>('/api/payment/settings', { token: null }),
    staleTime: 5 * 60_000,
  });
}

/** The discount code is compared by the server (it never ships in the bundle). */
export function checkDiscountCode(code: string): Promise<{ valid: boolean; amount: number }> {
  return api('/api/discounts/check', { method: 'POST', body: { code }, token: null });
}

export function confirmPayment(input: { email: string; amount: number; transactionId: string }) {
  return api<{ message: string }>('/api/payment/confirm', {
    method: 'POST',
    body: {
      email: input.email,
      amount: input.amount,
      transaction_id: input.transactionId.trim() || null,
      payment_method: PAYMENT_METHOD,
    },
  });
}

/** The provider's link for an amount: one path per amount. */
export function paymentLink(base: string, amount: number): string {
  return `${base.replace(/\/+$/, '')}/${amount}`;
}
