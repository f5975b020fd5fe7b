import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchShelf, type ShelfName } from './reading-api';

/** One shelf of the logged-in reader's library; `enabled` false keeps it unasked. */
export function useShelf(shelf: ShelfName, enabled = true) {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.shelf(token, shelf),
    queryFn: ({ signal }) => fetchShelf(shelf, signal),
    enabled: enabled && token !== null,
  });
}
