import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { Alert } from '../ui/Alert';
import { Button, type ButtonVariant } from '../ui/Button';
import { ButtonGroup } from '../ui/ButtonGroup';
import { controlClass, FieldLabel } from '../ui/Field';
import './ReasonForm.css';

export interface ReasonAction<Action extends string> {
  id: Action;
  label: string;
  variant?: ButtonVariant;
}

export interface ReasonFormProps<Action extends string> {
  /** The reason field's label, saying who reads it; no field when absent (an edit needing none). */
  reasonLabel?: string;
  /** A reason offered to start from (the moderator reads it and may change it). */
  initialReason?: string;
  /** The form's buttons: the first is the primary one, taken by Enter. */
  actions: readonly ReasonAction<Action>[];
  /** Takes the action; a refusal's `detail` shows in the form, a success empties the reason. */
  onDecide(action: Action, reason: string): Promise<unknown>;
  /** What shows when the action fails without a `detail` from the server. */
  failure: string;
  onCancel?: () => void;
  /** Fields of the edit itself, above the reason (a rating picker, the labels). */
  children?: ReactNode;
  /** Focus the reason when the form opens (a decision taken from the keyboard). */
  focusReason?: boolean;
}

/**
 * The one form of an admin edit or decision: the edit's own fields, the stated reason where the
 * policy requires one ("Please state the reason for this decision" when it is empty), the
 * server's refusal, and the action buttons with the pressed one busy.
 */
export function ReasonForm<Action extends string>({
  reasonLabel,
  initialReason = '',
  actions,
  onDecide,
  failure,
  onCancel,
  children,
  focusReason = false,
}: ReasonFormProps<Action>) {
  const reasonId = useId();
  const [reason, setReason] = useState(initialReason);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<Action | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focusReason) return;
    // After the dialog that holds the form has given focus to its first control.
    const timer = setTimeout(() => formRef.current?.querySelector('textarea')?.focus());
    return () => clearTimeout(timer);
  }, [focusReason]);

  async function decide(action: Action) {
    if (reasonLabel !== undefined && reason.trim() === '') {
      setProblem('Please state the reason for this decision');
      return;
    }
    setProblem(null);
    setPending(action);
    try {
      await onDecide(action, reason);
      setReason('');
    } catch (error) {
      setProblem(error instanceof ApiError && error.detail ? error.detail : failure);
    } finally {
      setPending(null);
    }
  }

  return (
    <form
      ref={formRef}
      className="reason-form"
      onSubmit={(event) => {
        event.preventDefault();
        const first = actions[0];
        if (first && pending === null) void decide(first.id);
      }}
    >
      {children}
      {reasonLabel !== undefined ? (
        <>
          <FieldLabel htmlFor={reasonId}>{reasonLabel}</FieldLabel>
          <textarea
            id={reasonId}
            className={controlClass()}
            rows={2}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              // Enter decides (the first action), Shift+Enter starts a new line.
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              formRef.current?.requestSubmit();
            }}
          />
        </>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <ButtonGroup label="Actions">
        {actions.map((action, index) => (
          <Button
            key={action.id}
            type={index === 0 ? 'submit' : 'button'}
            size="sm"
            variant={action.variant ?? (index === 0 ? 'primary' : 'secondary')}
            loading={pending === action.id}
            disabled={pending !== null}
            onClick={index === 0 ? undefined : () => void decide(action.id)}
          >
            {action.label}
          </Button>
        ))}
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending !== null}>
            Cancel
          </Button>
        ) : null}
      </ButtonGroup>
    </form>
  );
}
