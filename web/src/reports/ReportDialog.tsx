import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  reportMessages,
  reportReasonLabels,
} from '@nocturne/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useState } from 'react';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { EmailField, TextAreaField } from '../ui/Field';
import { sendReport } from './report-api';
import './ReportDialog.css';

export interface ReportDialogProps {
  storyId: string;
  open: boolean;
  onClose(): void;
  /** A member is answered at their account's address; a visitor gives one. */
  loggedIn: boolean;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * "Report this story": a reason from the fixed list, an optional text (up to 1,000 characters)
 * and, for a visitor, an address for the answer. Once sent it says thanks and nothing more: the
 * story stays as it is until a moderator decides.
 */
export function ReportDialog({ storyId, open, onClose, loggedIn, returnFocusRef }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      sendReport(storyId, { reason: reason as ReportReason, text, ...(loggedIn ? {} : { email }) }),
    onError: (error) =>
      setProblem(
        error instanceof ApiError && error.detail
          ? error.detail
          : 'Could not send the report. Please try again.',
      ),
  });
  const sent = send.isSuccess;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setProblem(reportMessages.unknownReason);
    if (!loggedIn && !/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem(reportMessages.emailRequired);
    setProblem(null);
    send.mutate();
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Report this story"
      className="report-dialog"
      {...(returnFocusRef ? { returnFocusRef } : {})}
    >
      {sent ? (
        <div className="report-dialog__done">
          <p role="status">{reportMessages.thanks}</p>
          <p className="report-dialog__note">
            We will email you the outcome. A report on its own hides nothing.
          </p>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </div>
      ) : (
        <form className="report-dialog__form" onSubmit={submit} noValidate>
          <fieldset className="report-dialog__reasons">
            <legend>Why are you reporting it?</legend>
            {REPORT_REASONS.map((id) => (
              <label key={id} className="report-dialog__reason">
                <input
                  type="radio"
                  name="reason"
                  value={id}
                  checked={reason === id}
                  onChange={() => setReason(id)}
                />
                {reportReasonLabels[id]}
              </label>
            ))}
          </fieldset>
          <TextAreaField
            label="What did you see? (optional)"
            className="report-dialog__text"
            rows={4}
            maxLength={REPORT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            hint={`${text.length.toLocaleString('en-US')} / ${REPORT_TEXT_MAX.toLocaleString('en-US')} characters`}
          />
          {loggedIn ? null : (
            <EmailField
              label="Your email address"
              required={false}
              hint="We only use it to tell you the outcome."
              value={email}
              onValue={setEmail}
            />
          )}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="report-dialog__actions">
            <Button variant="ghost" type="button" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" loading={send.isPending} loadingLabel="Sending…">
              Send report
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

export default ReportDialog;
