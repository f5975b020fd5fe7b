import { queryOptions } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';

export const landingKeys = {
  /** How many became premium members lately (GET /api/stats/subscribers). */
  premiumMembers: () => ['stats', 'premium-members'] as const,
};

/** A failed count hides its line rather than asking again. */
export const premiumMembersCountQuery = () =>
  queryOptions({
    queryKey: landingKeys.premiumMembers(),
    queryFn: () => firstLoadGet('/api/stats/subscribers'),
    retry: false,
  });
