import type { RefObject } from 'react';
import { AboutDialog } from './AboutDialog';
import { ContactDialog } from './ContactDialog';
import { HowItWorksDialog } from './HowItWorksDialog';
import type { InfoDialogName } from './info-dialog-name';

interface Props {
  /** The dialogs opened at least once: each stays mounted from then on. */
  opened: ReadonlySet<InfoDialogName>;
  open: InfoDialogName | null;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** The three information dialogs, one chunk that loads when the first of them opens (InfoDialogs). */
export default function InfoDialogSet({ opened, open, onClose, returnFocusRef }: Props) {
  const props = (name: InfoDialogName) => ({ open: open === name, onClose, returnFocusRef });
  return (
    <>
      {opened.has('how') ? <HowItWorksDialog {...props('how')} /> : null}
      {opened.has('about') ? <AboutDialog {...props('about')} /> : null}
      {opened.has('contact') ? <ContactDialog {...props('contact')} /> : null}
    </>
  );
}
