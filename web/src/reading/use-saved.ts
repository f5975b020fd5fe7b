import type { Story } from '@nocturne/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { setSaved } from './reading-api';
import { readingKeys, shelfQuery } from './reading-queries';

/** The ids of the stories the logged-in reader keeps in "Saved" (one query for every card). */
export function useSavedIds(): ReadonlySet<string> {
  const { token } = useAuth();
  const saved = useQuery({
    ...shelfQuery(token, 'saved'),
    select: (stories) => new Set(stories.map((story) => story.id)),
  });
  return saved.data ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

/**
 * Saves or unsaves a story in one click. The Saved shelf changes at once in the cache (the card
 * shows it before the answer); then every shelf is read again, and the client's X-Min-Position,
 * raised by the write's X-Event-Position, makes that read include the write (read-your-writes).
 * A failed write puts the shelf back.
 */
export function useToggleSaved(story: Story) {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const key = shelfQuery(token, 'saved').queryKey;
  return useMutation({
    mutationFn: (save: boolean) => setSaved(story.id, save),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (shelf = []) => {
        const others = shelf.filter((s) => s.id !== story.id);
        return save ? [story, ...others] : others;
      });
      return { before };
    },
    onError: (_error, _save, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: readingKeys.all() }),
  });
}
