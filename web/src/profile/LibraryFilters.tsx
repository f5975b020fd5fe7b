import type { ShelfName } from '../reading/reading-queries';
import { ChoiceButtons } from '../ui/ChoiceButtons';
import './LibraryFilters.css';

export type LibraryFilter = 'all' | ShelfName;

export const LIBRARY_FILTER_LABELS: Record<LibraryFilter, string> = {
  all: 'All',
  continue: 'Continue reading',
  saved: 'Saved',
  read: 'Read',
  unlocked: 'Unlocked',
  following: 'Following',
};

/** The filters of the library: All, Continue reading, Saved, Read, Unlocked for premium members, Following. */
export function filtersFor(premiumMember: boolean): LibraryFilter[] {
  return premiumMember
    ? ['all', 'continue', 'saved', 'read', 'unlocked', 'following']
    : ['all', 'continue', 'saved', 'read', 'following'];
}

export function LibraryFilters({
  filters,
  current,
  onChange,
}: {
  filters: LibraryFilter[];
  current: LibraryFilter;
  onChange(filter: LibraryFilter): void;
}) {
  return (
    <ChoiceButtons
      className="library-filters"
      legend="Show"
      choices={filters}
      current={current}
      label={(filter) => LIBRARY_FILTER_LABELS[filter]}
      onChoose={onChange}
    />
  );
}

export const EMPTY_SHELF: Record<ShelfName, string> = {
  continue: 'Stories you start and have not finished appear here.',
  saved: 'Save a story with its bookmark to keep it here.',
  read: 'Stories you read to The End appear here.',
  unlocked: 'Premium stories you open appear here.',
  following: 'Stories of the creators you follow appear here.',
};
