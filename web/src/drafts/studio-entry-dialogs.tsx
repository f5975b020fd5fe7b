import { type ReactNode, useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '../ui/ConfirmDialog';
import { StoryEditorDialog, type StoryEditorDialogProps } from './StoryEditorDialog';

type EntryConfirmation = Omit<ConfirmDialogProps, 'onClose'>;

export interface StudioEntryDialogs<Entry> {
  /** Opens the editor on the entry with this id. */
  edit(id: string): void;
  /** Asks before the irreversible action on this entry. */
  confirm(entry: Entry): void;
  /** The open dialog, if any: placed where the list renders it. */
  dialogs: ReactNode;
}

/**
 * The two dialogs a studio list (drafts, published stories) opens over its entries: the editor on
 * one of them, or the question before one is taken away, worded by `confirmation`.
 */
export function useStudioEntryDialogs<Entry>(
  token: string | null,
  kind: StoryEditorDialogProps['kind'],
  confirmation: (entry: Entry) => EntryConfirmation,
): StudioEntryDialogs<Entry> {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Entry | null>(null);
  const dialogs = (
    <>
      {editing ? (
        <StoryEditorDialog token={token} kind={kind} id={editing} onClose={() => setEditing(null)} />
      ) : null}
      {confirming ? (
        <ConfirmDialog {...confirmation(confirming)} onClose={() => setConfirming(null)} />
      ) : null}
    </>
  );
  return { edit: setEditing, confirm: (entry) => setConfirming(() => entry), dialogs };
}
