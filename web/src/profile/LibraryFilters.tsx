import type { ShelfName } from '../reading/reading-api';

export type LibraryFilter = 'all' | ShelfName;

export const LIBRARY_FILTER_LABELS: Record<LibraryFilter, string> = {
  all: 'All',
  continue: 'Continue reading',
  saved: 'Saved',
  read: 'Read',
  unlocked: 'Unlocked',
};

/** The filters of the library: All, Continue reading, Saved, Read, and Unlocked for premium members. */
export function filtersFor(subscribed: boolean): LibraryFilter[] {
  return subscribed ? ['all', 'continue', 'saved', 'read', 'unlocked'] : ['all', 'continue', 'saved', 'read'];
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
    <fieldset className="library-filters">
      <legend className="visually-hidden">Show</legend>
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          className={`library-filters__button${filter === current ? ' is-current' : ''}`}
          aria-pressed={filter === current}
          onClick={() => onChange(filter)}
        >
          {LIBRARY_FILTER_LABELS[filter]}
        </button>
      ))}
    </fieldset>
  );
}

export const EMPTY_SHELF: Record<ShelfName, string> = {
  continue: 'Stories you start and have not finished appear here.',
  saved: 'Save a story with its bookmark to keep it here.',
  read: 'Stories you read to The End appear here.',
  unlocked: 'Premium stories you open appear here.',
};
