import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { storyKeys } from '../stories/story-queries';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useToast } from '../ui/Toast';
import { deleteStory } from './admin-api';
import { adminKeys } from './admin-queries';

/**
 * The admin's plain delete of a story: asked in a dialog in the product's words, then told in a
 * toast ("Failed to ..." when the server refuses, "Error ..." when the request fails). `dialog`
 * is rendered by whoever asks; `onDeleted` runs after a delete (the panel closes).
 */
export function useStoryDelete(token: string, onDeleted: (id: string) => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [asked, setAsked] = useState<{ id: string; title: string } | null>(null);

  async function remove(id: string) {
    try {
      const response = await deleteStory(token, id);
      if (response.ok) {
        toast({ message: 'Story deleted successfully!', tone: 'success' });
        onDeleted(id);
        await queryClient.invalidateQueries({ queryKey: adminKeys.all() });
        void queryClient.invalidateQueries({ queryKey: storyKeys.lists() });
      } else {
        toast({ message: 'Failed to delete story', tone: 'error' });
      }
    } catch (error) {
      console.error('Deleting the story failed', error);
      toast({ message: 'Error deleting story', tone: 'error' });
    }
  }

  const dialog: ReactNode = asked ? (
    <ConfirmDialog
      title={`Delete “${asked.title}”?`}
      message="Are you sure you want to delete this story?"
      confirmLabel="Delete"
      onConfirm={() => remove(asked.id)}
      onClose={() => setAsked(null)}
    />
  ) : null;

  return { ask: (id: string, title: string) => setAsked({ id, title }), dialog };
}
