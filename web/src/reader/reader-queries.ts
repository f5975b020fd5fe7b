import { queryOptions } from '@tanstack/react-query';
import { storyKeys } from '../stories/story-queries';
import { loadStory } from './load-story';

/** One story as the viewer with `token` may read it, each refusal its own reader screen. */
export const storyQuery = (id: string, token: string | null) =>
  queryOptions({
    queryKey: storyKeys.detail(id, token),
    queryFn: ({ signal }) => loadStory(id, token, signal),
    retry: false,
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
  });
