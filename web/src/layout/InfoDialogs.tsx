import type { RefObject } from 'react';
import { AboutDialog } from './AboutDialog';
import { ContactDialog } from './ContactDialog';
import { HowItWorksDialog } from './HowItWorksDialog';
import './layout.css';

export type InfoDialogName = 'how' | 'about' | 'contact';

interface Props {
  /** Which dialog is open, if any. */
  open: InfoDialogName | null;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** The product's information dialogs (How, About Us, Contact), shared by the landing and the profile. */
export function InfoDialogs({ open, onClose, returnFocusRef }: Props) {
  return (
    <>
      <HowItWorksDialog open={open === 'how'} onClose={onClose} returnFocusRef={returnFocusRef} />
      <AboutDialog open={open === 'about'} onClose={onClose} returnFocusRef={returnFocusRef} />
      <ContactDialog open={open === 'contact'} onClose={onClose} returnFocusRef={returnFocusRef} />
    </>
  );
}
