import { lazy, type RefObject, Suspense, useState } from 'react';

export type InfoDialogName = 'how' | 'about' | 'contact';

// Each dialog is its own chunk: the pages that offer them do not load their text up front.
const HowItWorksDialog = lazy(() =>
  import('./HowItWorksDialog').then((m) => ({ default: m.HowItWorksDialog })),
);
const AboutDialog = lazy(() => import('./AboutDialog').then((m) => ({ default: m.AboutDialog })));
const ContactDialog = lazy(() => import('./ContactDialog').then((m) => ({ default: m.ContactDialog })));

interface Props {
  /** Which dialog is open, if any. */
  open: InfoDialogName | null;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The product's information dialogs (How, About Us, Contact), shared by the landing and the
 * profile. A dialog's code loads the first time it is opened; it then stays mounted, so closing
 * and reopening behave as if it had always been there.
 */
export function InfoDialogs({ open, onClose, returnFocusRef }: Props) {
  const [opened, setOpened] = useState<ReadonlySet<InfoDialogName>>(new Set());
  if (open && !opened.has(open)) setOpened(new Set(opened).add(open));
  const props = (name: InfoDialogName) => ({ open: open === name, onClose, returnFocusRef });
  return (
    <Suspense fallback={null}>
      {opened.has('how') ? <HowItWorksDialog {...props('how')} /> : null}
      {opened.has('about') ? <AboutDialog {...props('about')} /> : null}
      {opened.has('contact') ? <ContactDialog {...props('contact')} /> : null}
    </Suspense>
  );
}
