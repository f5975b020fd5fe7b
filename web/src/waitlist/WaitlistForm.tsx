import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button';
import { EmailField, Form } from '../ui/Field';
import { joinWaitlist, waitlistFailedAlert, waitlistJoinedAlert } from './waitlist-api';

export interface WaitlistFormProps {
  /** After a successful join (the dialog closes and resets). */
  onJoined(): void;
  /** Any typing (the dialog clears its invite-code error). */
  onTyping?(): void;
}

/**
 * Join the Waiting List: an e-mail field, required; the button is
 * disabled while it is empty or a submission is pending, and reads "Joining..." meanwhile.
 */
export function WaitlistForm({ onJoined, onTyping }: WaitlistFormProps) {
  const [email, setEmail] = useState('');
  const [joining, setJoining] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !event.currentTarget.checkValidity()) {
      event.currentTarget.reportValidity();
      return;
    }
    setJoining(true);
    try {
      await joinWaitlist(email);
      setEmail('');
      onJoined();
      alert(waitlistJoinedAlert);
    } catch (error) {
      console.error('Joining the waitlist failed', error);
      alert(waitlistFailedAlert);
    } finally {
      setJoining(false);
    }
  }

  return (
    <Form onSubmit={submit}>
      <EmailField
        placeholder="you@example.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          onTyping?.();
        }}
      />
      <Button
        type="submit"
        variant="primary"
        block
        disabled={!email.trim() || joining}
        loading={joining}
        loadingLabel="Joining..."
      >
        Join the Waiting List
      </Button>
    </Form>
  );
}
