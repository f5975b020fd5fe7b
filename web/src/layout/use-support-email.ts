import { useQuery } from '@tanstack/react-query';
import { firstLoadGet } from '../api/first-load-get';
import { queryKeys } from '../api/query-keys';

/** The support address (SUPPORT_EMAIL), served by GET /api/site; undefined while loading or on failure. */
export function useSupportEmail(): { email: string | undefined; loading: boolean } {
  const query = useQuery({
    queryKey: queryKeys.site(),
    queryFn: () => firstLoadGet('/api/site'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { email: query.data?.support_email, loading: query.isPending };
}
