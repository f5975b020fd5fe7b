import { queryOptions } from '@tanstack/react-query';
import { answerOf, client, publicClient } from '../api/typed-client';

export const purchaseKeys = {
  /** The payment link base and the price (GET /api/payment/settings). */
  settings: () => ['payment-settings'] as const,
  /** One purchase at the processor, as its notices left it. */
  purchase: (id: string, token: string | null) => ['purchase', id, { token }] as const,
};

/** The payment link base (PAYMENT_LINK_BASE), served by the server rather than built in. */
export const paymentSettingsQuery = () =>
  queryOptions({
    queryKey: purchaseKeys.settings(),
    queryFn: () => answerOf(publicClient.GET('/api/payment/settings')),
    staleTime: 5 * 60_000,
  });

/**
 * How long the return page waits before asking again, having asked `asked` times, while the
 * processor's notice has not come. A notice usually comes within a second or two of paying, so
 * the first five seconds ask four times a second (a reader sees it a quarter second after it
 * lands, not up to a second); after that, once a second.
 */
export const purchasePollMs = (asked: number) => (asked < 20 ? 250 : 1000);

/** One of the reader's purchases (GET /api/payments/purchases/{id}), asked again until it settles. */
export const purchaseStatusQuery = (id: string, token: string | null) =>
  queryOptions({
    queryKey: purchaseKeys.purchase(id, token),
    queryFn: () => answerOf(client.GET('/api/payments/purchases/{id}', { params: { path: { id } } })),
    enabled: token !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? purchasePollMs(query.state.dataUpdateCount) : false,
  });
