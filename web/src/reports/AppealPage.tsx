import { MODERATION_TEXT_MAX } from '@nocturne/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { RequireAuth } from '../auth/RequireAuth';
import { Alert } from '../ui/Alert';
import { BackLink } from '../ui/BackLink';
import { Button } from '../ui/Button';
import { TextAreaField } from '../ui/Field';
import { surfaceClass } from '../ui/Surface';
import { sendAppeal } from './report-api';
import './ReportDialog.css';
import './AppealPage.css';

/** `/appeal/{storyId}` (the link of the statement of reasons), login required. */
export default function AppealRoute() {
  return (
    <RequireAuth>
      <AppealPage />
    </RequireAuth>
  );
}

/**
 * The publishing account's one appeal of a decision to hide or delete its story: a text, sent
 * back to the moderation queue. The server says whether this account may appeal.
 */
function AppealPage() {
  const { id = '' } = useParams();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const appeal = useMutation({
    mutationFn: () => sendAppeal(id, text),
    onError: (error) =>
      setProblem(
        error instanceof ApiError && error.detail
          ? error.detail
          : 'The appeal could not be sent. Please try again.',
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return setProblem('Please write why the decision should be reviewed');
    setProblem(null);
    appeal.mutate();
  }

  return (
    <div className="page">
      <main id="main" className="container appeal-page">
        <BackLink to="/profile">Back to Profile</BackLink>
        <h1>Appeal a moderation decision</h1>
        {appeal.isSuccess ? (
          <Alert tone="success">{appeal.data.message}</Alert>
        ) : (
          <form
            className={surfaceClass('report-dialog__form appeal-page__form')}
            onSubmit={submit}
            noValidate
          >
            <p>
              A moderator hid or deleted your story and emailed you the reason. You may ask for one review:
              tell us why the decision is wrong. A moderator who reads it will write to you with the outcome.
            </p>
            <TextAreaField
              label="Why should the decision be reviewed?"
              className="report-dialog__text"
              rows={6}
              maxLength={MODERATION_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {problem ? <Alert tone="error">{problem}</Alert> : null}
            <div className="report-dialog__actions">
              <Button variant="primary" type="submit" loading={appeal.isPending} loadingLabel="Sending…">
                Send appeal
              </Button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}
