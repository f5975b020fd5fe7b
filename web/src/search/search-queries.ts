import { queryOptions } from '@tanstack/react-query';
import { type StoryViewer, storyKeys } from '../stories/story-queries';
import { searchStories } from './search-api';

/** A member's search: one of the story lists, so a new story or a like refreshes it. */
export const memberSearchQuery = (viewer: StoryViewer, words: string) =>
  queryOptions({
    queryKey: storyKeys.list({ ...viewer, words }),
    queryFn: ({ signal }) => searchStories({ kind: 'member' }, words, signal),
  });
