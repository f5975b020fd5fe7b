import { useQuery } from '@tanstack/react-query';
import { CreateStoryForm } from '../create-story/CreateStoryForm';
import { Dialog } from '../ui/Dialog';
import { QueryState } from '../ui/QueryState';
import { editedContentQuery } from './drafts-queries';

export interface StoryEditorDialogProps {
  token: string | null;
  /** A draft (saved, scheduled or published from here) or a published story (revised). */
  kind: 'draft' | 'story';
  id: string;
  onClose(): void;
}

/** The studio's editor: the story form, opened on a saved draft or on a published story. */
export function StoryEditorDialog({ token, kind, id, onClose }: StoryEditorDialogProps) {
  const saved = useQuery(editedContentQuery(token, kind, id));
  return (
    <Dialog
      open
      onClose={onClose}
      title={kind === 'draft' ? 'Edit Draft' : 'Edit Story'}
      size="wide"
      className="create-story-modal"
    >
      <QueryState query={saved} loading="Loading the story…" failure="The story could not be loaded.">
        {(content) => (
          <CreateStoryForm editing={{ kind, content }} onCreated={onClose} onDraftSaved={onClose} />
        )}
      </QueryState>
    </Dialog>
  );
}
