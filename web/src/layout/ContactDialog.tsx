import type { RefObject } from 'react';
import { Dialog } from '../ui/Dialog';
import { MailIcon } from '../ui/page-icons';
import { Spinner } from '../ui/Spinner';
import { useSupportEmail } from './site-queries';
import './ContactDialog.css';

interface Props {
  open: boolean;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** The "Contact" dialog: the support address as a mail link. */
export function ContactDialog({ open, onClose, returnFocusRef }: Props) {
  const { email, loading } = useSupportEmail();
  return (
    <Dialog open={open} onClose={onClose} title="Get In Touch" returnFocusRef={returnFocusRef}>
      <p>
        Questions about your account, a payment, a story you loved or one that crossed a line? Write to us and
        a real person from our team will answer, usually within one business day.
      </p>
      {email ? (
        <a className="contact-mail" href={`mailto:${email}`}>
          <MailIcon />
          {email}
        </a>
      ) : loading ? (
        <Spinner label="Loading contact address…" />
      ) : (
        <p>Our support address is unavailable right now. Please try again in a moment.</p>
      )}
      <p className="text-muted">
        For payment questions, include the e-mail address of your Nocturne account.
      </p>
    </Dialog>
  );
}
