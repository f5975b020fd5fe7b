import type { Story } from '@nocturne/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchShelf, setSaved } from './reading-api';

/** The ids of the stories the logged-in reader keeps in "Saved" (one query for every card). */
export function useSavedIds(): ReadonlySet<string> {
  const { token } = useAuth();
  const saved = useQuery({
    queryKey: queryKeys.shelf(token, 'saved'),
    queryFn: ({ signal }) => fetchShelf('saved', signal),
    enabled: token !== null,
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
  const key = queryKeys.shelf(token, 'saved');
  return useMutation({
    mutationFn: (save: boolean) => setSaved(story.id, save),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Story[]>(key);
      queryClient.setQueryData<Story[]>(key, (shelf = []) => {
        const others = shelf.filter((s) => s.id !== story.id);
        return save ? [story, ...others] : others;
      });
      return { before };
    },
    onError: (_error, _save, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.library() }),
  });
}
