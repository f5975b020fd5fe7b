import { type FormEvent, useState } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field, Form } from '../ui/Field';
import { LinkButton } from '../ui/LinkButton';
import { WaitlistForm } from '../waitlist/WaitlistForm';
import { invalidInviteMessage, inviteWelcomeAlert, isInviteCodeValid, storeInviteCode } from './invite-api';
import './ExclusiveAccessDialog.css';

export interface ExclusiveAccessDialogProps {
  open: boolean;
  onClose(): void;
}

type View = 'code' | 'waitlist';

/**
 * The landing's Exclusive Feature Access dialog: starts on the
 * invite-code view; a wrong code shows the error and switches to the waitlist view; typing
 * clears the error; a right code is stored, welcomed and the dialog closes. Closing resets
 * view, error and fields.
 */
export function ExclusiveAccessDialog({ open, onClose }: ExclusiveAccessDialogProps) {
  const [view, setView] = useState<View>('code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // A new key remounts the waitlist form, so closing also empties its field.
  const [formKey, setFormKey] = useState(0);

  function close() {
    setView('code');
    setCode('');
    setError(null);
    setChecking(false);
    setFormKey((k) => k + 1);
    onClose();
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    setChecking(true);
    try {
      if (await isInviteCodeValid(code)) {
        storeInviteCode(code);
        alert(inviteWelcomeAlert);
        close();
        return;
      }
      setError(invalidInviteMessage);
      setView('waitlist');
    } catch (failure) {
      console.error('Invite check failed', failure);
      setError(invalidInviteMessage);
      setView('waitlist');
    } finally {
      setChecking(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} title="Exclusive Feature Access" className="exclusive-dialog">
      {error ? (
        <Alert tone="error" className="exclusive-dialog__error">
          {error}
        </Alert>
      ) : null}
      {view === 'code' ? (
        <Form onSubmit={submitCode}>
          <p className="text-muted">
            Story creation is invite-only for now. Enter your invite code to unlock it.
          </p>
          <Field
            label="Invite code"
            value={code}
            autoComplete="off"
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="primary" block disabled={!code.trim()} loading={checking}>
            Submit
          </Button>
          <LinkButton onClick={() => setView('waitlist')}>
            Don't have a code? Join the waiting list
          </LinkButton>
        </Form>
      ) : (
        <div className="exclusive-dialog__waitlist">
          <h3 className="exclusive-dialog__subtitle">Join the Waiting List</h3>
          <p className="text-muted">
            Leave your e-mail and we will tell you when story creation opens to everyone.
          </p>
          <WaitlistForm key={formKey} onJoined={close} onTyping={() => setError(null)} />
          <LinkButton
            onClick={() => {
              setView('code');
              setError(null);
            }}
          >
            Back to invite code
          </LinkButton>
        </div>
      )}
    </Dialog>
  );
}

export default ExclusiveAccessDialog;
