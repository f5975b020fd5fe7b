import { useState } from 'react';
import { ApiError } from '../api/client';
import { Alert } from './Alert';
import { Button, type ButtonVariant } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  /** What the action does, said before it is done. */
  message: string;
  confirmLabel: string;
  /** Danger for what cannot be taken back; a quieter look for an action that can. */
  confirmVariant?: Extract<ButtonVariant, 'danger' | 'primary' | 'secondary'>;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}

/** Asks before an action (above all one that cannot be taken back); a refusal shows in the dialog. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  confirmVariant = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.detail ? caught.detail : 'Please try again.');
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={confirmVariant} onClick={() => void confirm()} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Dialog>
  );
}
