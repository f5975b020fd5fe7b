import { useInfiniteQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { RefreshButton } from '../ui/RefreshButton';
import { type LibraryView, libraryQuery } from './library-query';

/** The header's refresh of the library: it watches only whether the library is loading. */
export function LibraryRefreshButton({ premiumMember, view }: { premiumMember: boolean; view: LibraryView }) {
  const { token } = useAuth();
  const stories = useInfiniteQuery(libraryQuery({ token, premiumMember }, view));
  return <RefreshButton refreshing={stories.isFetching} onRefresh={() => void stories.refetch()} />;
}
