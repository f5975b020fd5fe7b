import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { curatedTagsQuery } from '../labels/label-queries';
import { RatingFilter } from '../labels/RatingFilter';
import { TagFilter } from '../labels/TagFilter';
import { KeepAllSaved } from '../offline/KeepAllSaved';
import { shelfQuery } from '../reading/reading-queries';
import { StoryGrid } from '../stories/StoryGrid';
import { storiesOf } from '../stories/story-queries';
import { LoadMore } from '../ui/LoadMore';
import {
  EMPTY_SHELF,
  filtersFor,
  LIBRARY_FILTER_LABELS,
  type LibraryFilter,
  LibraryFilters,
} from './LibraryFilters';
import { type LibraryView, libraryQuery } from './library-query';
import { FIRST_PAGE } from './paging';

export interface LibraryProps {
  premiumMember: boolean;
  view: LibraryView;
  onViewChange(view: LibraryView): void;
}

/**
 * "Your library": every story a page at a time, narrowed by tag and rating, or one of the
 * reader's shelves (saved, liked, ...). Its answers draw this section again, not the profile.
 */
export function Library({ premiumMember, view, onViewChange }: LibraryProps) {
  const { token } = useAuth();
  const stories = useInfiniteQuery(libraryQuery({ token, premiumMember }, view));
  const [filter, setFilter] = useState<LibraryFilter>('all');
  const shelf = useQuery({
    ...shelfQuery(token, filter === 'all' ? 'saved' : filter),
    enabled: filter !== 'all' && token !== null,
  });
  const shownStories = storiesOf(stories.data);
  const shown = shownStories?.length ?? 0;
  const total = stories.data?.pages.at(-1)?.total ?? 0;

  return (
    <section className="library" aria-labelledby="library-title">
      <div className="library__head">
        <h1 id="library-title" className="library__title">
          Your library
        </h1>
        {filter === 'all' && stories.data && total > 0 ? (
          <p className="library__count" aria-live="polite">
            Showing {shown} of {total} {total === 1 ? 'story' : 'stories'}
          </p>
        ) : null}
      </div>
      <LibraryFilters filters={filtersFor(premiumMember)} current={filter} onChange={setFilter} />
      {filter === 'all' ? (
        <>
          <CuratedTagFilter value={view.tag} onChange={(tag) => onViewChange({ ...view, tag })} />
          <RatingFilter value={view.rating} onChange={(rating) => onViewChange({ ...view, rating })} />
          <StoryGrid
            label="All stories"
            stories={shownStories}
            loading={stories.isPending}
            failed={stories.isError}
            loggedIn
            premiumMember={premiumMember}
            from="profile"
            skeletons={FIRST_PAGE}
          />
          <LoadMore pages={stories} size="lg" placement="spacious" />
        </>
      ) : (
        <>
          {filter === 'saved' && shelf.data ? <KeepAllSaved stories={shelf.data} /> : null}
          <StoryGrid
            label={`${LIBRARY_FILTER_LABELS[filter]} stories`}
            stories={shelf.data}
            loading={shelf.isPending}
            failed={shelf.isError}
            loggedIn
            premiumMember={premiumMember}
            from="profile"
            skeletons={FIRST_PAGE}
            empty={EMPTY_SHELF[filter]}
          />
        </>
      )}
    </section>
  );
}

/** The curated tags' filter, drawn again when the tags come, without the grid below it. */
function CuratedTagFilter({ value, onChange }: { value: string | null; onChange(tag: string | null): void }) {
  const tags = useQuery(curatedTagsQuery());
  return <TagFilter tags={tags.data} value={value} onChange={onChange} />;
}
