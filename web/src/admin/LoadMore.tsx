import { Button } from '../ui/Button';

/** "Load More" under an admin list while the server has more pages of it. */
export function LoadMore({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="admin-more">
      <Button
        variant="secondary"
        size="sm"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        Load More
      </Button>
    </div>
  );
}
