import type { StoryRatingId } from '@nocturne/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchStoryPage, type StoryPage, type StoryViewer, storyKeys } from './story-queries';

// A file of its own: only the lazy pages that page through a list (the profile, a creator's page)
// import it, so it stays out of the landing's first-load script.

/**
 * The published stories, newest first, a page at a time from the server: `first` stories, then
 * `step` more per fetchNextPage (the profile asks for 6, then 5 per Load More), only those
 * carrying `tag`, of `rating` or written by `creator` when one is given. So a big library costs a reader
 * the same as a small one. `startedFirstPage`: the first page's answer when a page's early script
 * already asked for it (undefined when it did not, or it failed: then it is asked here).
 */
export const storyPagesQuery = (
  filter: StoryViewer & {
    first: number;
    tag?: string | null;
    rating?: StoryRatingId | null;
    creator?: string;
  },
  step: number = filter.first,
  startedFirstPage?: () => Promise<Response | undefined>,
) =>
  infiniteQueryOptions({
    queryKey: storyKeys.list(filter),
    queryFn: async ({ pageParam, signal }) => {
      const started = pageParam === null ? await startedFirstPage?.() : undefined;
      return fetchStoryPage(
        pageParam ? step : filter.first,
        pageParam,
        signal,
        filter.tag,
        filter.creator,
        filter.rating,
        started,
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: StoryPage) => last.nextCursor,
  });
