import { queryOptions } from '@tanstack/react-query';
import { answerOf, publicClient } from '../api/typed-client';

export const purchaseKeys = {
  /** The payment link base and the price (GET /api/payment/settings). */
  settings: () => ['payment-settings'] as const,
};

/** The payment link base (PAYMENT_LINK_BASE), served by the server rather than built in. */
export const paymentSettingsQuery = () =>
  queryOptions({
    queryKey: purchaseKeys.settings(),
    queryFn: () => answerOf(publicClient.GET('/api/payment/settings')),
    staleTime: 5 * 60_000,
  });
