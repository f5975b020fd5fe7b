import { queryOptions } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';

export const landingKeys = {
  /** How many became subscribers lately (GET /api/stats/subscribers). */
  subscribers: () => ['stats', 'subscribers'] as const,
};

/** A failed count hides its line rather than asking again. */
export const subscriberCountQuery = () =>
  queryOptions({
    queryKey: landingKeys.subscribers(),
    queryFn: () => firstLoadGet('/api/stats/subscribers'),
    retry: false,
  });
