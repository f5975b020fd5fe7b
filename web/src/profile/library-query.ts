import type { StoryRatingId } from '@nocturne/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { storyPagesQuery } from '../stories/story-pages-query';
import type { StoryViewer } from '../stories/story-queries';
import { FIRST_PAGE, PAGE_STEP } from './paging';

/** What the library shows: the tag and the rating the reader narrowed it to, if any. */
export interface LibraryView {
  tag: string | null;
  rating: StoryRatingId | null;
}

/**
 * The profile's library, every story: its first page, then more a page at a time. The grid, the
 * header's refresh button and the upsell below each watch it with this one key, so each draws
 * again only when what it shows of it changes, never the whole page at every answer.
 *
 * @example
 * const refreshing = useInfiniteQuery(libraryQuery(viewer, view)).isFetching;
 */
export const libraryQuery = (viewer: StoryViewer, { tag, rating }: LibraryView) => ({
  ...storyPagesQuery({ ...viewer, first: FIRST_PAGE, tag, rating }, PAGE_STEP),
  placeholderData: keepPreviousData, // keep the grid while the viewer's identity settles
});
