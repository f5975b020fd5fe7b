import { useQuery } from '@tanstack/react-query';
import { CreateStoryForm } from '../create-story/CreateStoryForm';
import { Alert } from '../ui/Alert';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
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
      {saved.isPending ? (
        <Spinner label="Loading the story…" block />
      ) : saved.isError ? (
        <Alert tone="error" title="The story could not be loaded.">
          Please try again.
        </Alert>
      ) : (
        <CreateStoryForm editing={{ kind, content: saved.data }} onCreated={onClose} onDraftSaved={onClose} />
      )}
    </Dialog>
  );
}
