import { lazy, type RefObject, Suspense, useState } from 'react';
import type { InfoDialogName } from './info-dialog-name';

// The dialogs' code and text load the first time one opens, all three in one chunk (about
// 2 KB): one lazy import costs the first load less than three.
const InfoDialogSet = lazy(() => import('./InfoDialogSet'));

interface Props {
  /** Which dialog is open, if any. */
  open: InfoDialogName | null;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The product's information dialogs (How, About Us, Contact), shared by the landing and the
 * profile. Their code loads the first time one is opened; a dialog then stays mounted, so
 * closing and reopening behave as if it had always been there.
 */
export function InfoDialogs({ open, onClose, returnFocusRef }: Props) {
  const [opened, setOpened] = useState<ReadonlySet<InfoDialogName>>(new Set());
  if (open && !opened.has(open)) setOpened(new Set(opened).add(open));
  if (opened.size === 0) return null;
  return (
    <Suspense fallback={null}>
      <InfoDialogSet opened={opened} open={open} onClose={onClose} returnFocusRef={returnFocusRef} />
    </Suspense>
  );
}
