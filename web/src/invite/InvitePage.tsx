import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/Button';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { controlClass, Form } from '../ui/Field';
import { isInviteCodeValid, storeInviteCode } from './invite-api';
import './InvitePage.css';

/**
 * `/invite`: a text field and a Submit button. The correct code is
 * stored and the user goes on to /create_stories; a mismatch does nothing visible.
 */
export default function InvitePage() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      if (code.trim() && (await isInviteCodeValid(code))) {
        storeInviteCode(code);
        navigate('/create_stories');
      }
    } catch (error) {
      console.error('Invite check failed', error);
    }
  }

  return (
    <div className="page">
      <main id="main" className={centeredPanelClass('invite-page')}>
        <Form onSubmit={submit}>
          <label className="visually-hidden" htmlFor="invite-code">
            Invite code
          </label>
          <input
            id="invite-code"
            className={controlClass()}
            value={code}
            autoComplete="off"
            placeholder="Invite code"
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="primary" block>
            Submit
          </Button>
        </Form>
      </main>
    </div>
  );
}
