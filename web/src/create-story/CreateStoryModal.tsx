import { Dialog } from '../ui/Dialog';
import { CreateStoryForm } from './CreateStoryForm';

export interface CreateStoryModalProps {
  open: boolean;
  onClose(): void;
  onCreated(id: string): void;
  onDraftSaved(id: string): void;
}

/**
 * The profile's Generate dialog: the creation form, sent with the user's session token. After
 * publishing the form clears itself and `onCreated` is called.
 */
export function CreateStoryModal({ open, onClose, onCreated, onDraftSaved }: CreateStoryModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create a New Story"
      size="wide"
      className="create-story-modal"
    >
      <CreateStoryForm onCreated={onCreated} onDraftSaved={onDraftSaved} />
    </Dialog>
  );
}

export default CreateStoryModal;
