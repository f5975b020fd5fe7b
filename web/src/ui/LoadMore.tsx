import { Button, type ButtonSize, type ButtonVariant } from './Button';
import './LoadMore.css';

/** What `useInfiniteQuery` answers about the pages after the ones shown. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * The button under a paged list while the server has more pages of it, busy while the next page
 * loads. Centred under the list (`spacious` further down, under a grid of cards), or `inline`
 * where the list's column already places it.
 */
export function LoadMore({
  pages,
  label = 'Load More',
  variant = 'secondary',
  size = 'sm',
  placement = 'centred',
}: {
  pages: MorePages;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  placement?: 'centred' | 'spacious' | 'inline';
}) {
  if (!pages.hasNextPage) return null;
  const button = (
    <Button
      variant={variant}
      size={size}
      loading={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </Button>
  );
  if (placement === 'inline') return button;
  return (
    <div className={placement === 'spacious' ? 'load-more load-more--spacious' : 'load-more'}>{button}</div>
  );
}
