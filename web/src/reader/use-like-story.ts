import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOf, client } from '../api/typed-client';
import { type StoryPages, storyKeys, withLikes } from '../stories/story-queries';
import type { LoadedStory } from './load-story';

/**
 * POST /api/stories/{id}/like. The server answers the new count; it goes at once into every
 * cached copy of the story (so reopening it shows it, however fresh the cache) and into every
 * story list, which are then re-read.
 */
export function useLikeStory(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(client.POST('/api/stories/{id}/like', { params: { path: { id: storyId } } })),
    onSuccess: ({ likes }) => {
      queryClient.setQueriesData<LoadedStory>({ queryKey: storyKeys.story(storyId) }, (loaded) =>
        loaded ? { ...loaded, story: { ...loaded.story, likes } } : loaded,
      );
      queryClient.setQueriesData<StoryPages>({ queryKey: storyKeys.lists() }, (pages) =>
        withLikes(pages, storyId, likes),
      );
      void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
    },
    onError: (error) => console.error('Like failed', error),
  });
}
