import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';

export const siteKeys = {
  /** The site's settings (GET /api/site). */
  site: () => ['site'] as const,
};

export const siteQuery = () =>
  queryOptions({
    queryKey: siteKeys.site(),
    queryFn: () => firstLoadGet('/api/site'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The support address (SUPPORT_EMAIL); undefined while loading or on failure. */
export function useSupportEmail(): { email: string | undefined; loading: boolean } {
  const query = useQuery(siteQuery());
  return { email: query.data?.support_email, loading: query.isPending };
}
