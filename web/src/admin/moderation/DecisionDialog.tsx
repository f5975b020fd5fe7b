import type { ModerationAction } from '@nocturne/domain';
import { Dialog } from '../../ui/Dialog';
import { ReasonForm } from '../ReasonForm';
import { actionLabels } from './ModerationHistory';

type Decision = Exclude<ModerationAction, 'rate'>;

/** What each decision asks before it is taken, and says after. */
export const decisionTexts: Record<Decision, { question: string; effect: string; done: string }> = {
  dismiss: {
    question: 'Dismiss the reports?',
    effect: 'The open reports are closed and the story stays as it is. Closed reports cannot be reopened.',
    done: 'Reports dismissed.',
  },
  hide: {
    question: 'Hide this story?',
    effect: 'The story leaves every list, search and library until it is restored.',
    done: 'Story hidden.',
  },
  restore: {
    question: 'Restore this story?',
    effect: 'The story is visible again everywhere.',
    done: 'Story restored.',
  },
  delete: {
    question: 'Delete this story?',
    effect: 'The story is deleted for good. This cannot be undone.',
    done: 'Story deleted.',
  },
};

/**
 * The confirmation of a moderation decision, with the reason the policy requires (focused, so
 * a decision from the keyboard is: the key, the reason, Enter).
 */
export function DecisionDialog({
  action,
  title,
  onDecide,
  onClose,
}: {
  action: Decision;
  /** The story's name. */
  title: string;
  onDecide(reason: string): Promise<unknown>;
  onClose(): void;
}) {
  const text = decisionTexts[action];
  return (
    <Dialog open onClose={onClose} title={text.question}>
      <p>
        <strong className="decision-dialog__story">{title}</strong>
      </p>
      <p>{text.effect}</p>
      <ReasonForm
        focusReason
        reasonLabel="Reason for the decision (sent to the reporters and the publishing account)"
        actions={[
          {
            id: action,
            label: actionLabels[action],
            variant: action === 'delete' ? 'danger' : 'primary',
          },
        ]}
        failure="The decision failed. Please try again."
        onCancel={onClose}
        onDecide={(_action, reason) => onDecide(reason)}
      />
    </Dialog>
  );
}

export type { Decision };
