import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { answerOf, client } from '../api/typed-client';
import { sendOrQueue } from '../offline/action-queue';
import { useOfflineAccount } from '../offline/use-kept';
import { type StoryPages, storyKeys, withLikes } from '../stories/story-queries';
import type { LoadedStory } from './load-story';

/**
 * POST /api/stories/{id}/like. The server answers the new count; it goes at once into every
 * cached copy of the story (so reopening it shows it, however fresh the cache) and into every
 * story list, which are then re-read. A signed-in reader's like made without a connection is
 * queued with its Idempotency-Key and lands once on reconnect (../offline/action-queue.ts): the
 * button says Liked, the count moves when it lands.
 */
export function useLikeStory(storyId: string) {
  const queryClient = useQueryClient();
  const account = useOfflineAccount();
  return useMutation({
    mutationFn: async (): Promise<{ likes?: number }> => {
      if (account === null) {
        return answerOf(client.POST('/api/stories/{id}/like', { params: { path: { id: storyId } } }));
      }
      const result = await sendOrQueue(account, 'POST', `/api/stories/${encodeURIComponent(storyId)}/like`);
      if (!result.sent) return {};
      const body = await result.response.json().catch(() => undefined);
      if (!result.response.ok) throw ApiError.of(result.response.status, body);
      return body as { likes: number };
    },
    networkMode: 'always',
    onSuccess: ({ likes }) => {
      if (likes === undefined) return;
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
