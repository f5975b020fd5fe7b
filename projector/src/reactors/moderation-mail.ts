import { ratingLabel, reportReasonLabels } from '@nocturne/domain';
import type { EventData, RecordedEvent } from '@nocturne/events';
import { describeMailFailure, isPermanentMailFailure, type MailMessage } from '../mail/mailer';
import type { Reactor, ReactorContext } from '../runner/reactor';

type Decision = EventData<'ModerationDecided'>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function plainMail(to: string, subject: string, lines: string[]): MailMessage {
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/** What the decision means for someone who reported the story. */
const reporterOutcome: Record<Decision['action'], string> = {
  dismiss:
    'Outcome: no action. We found that the story does not break our content policy, so it stays available.',
  hide: 'Outcome: the story is hidden. No one can read it any more.',
  restore: 'Outcome: the story is available again.',
  delete: 'Outcome: the story is deleted.',
  rate: "Outcome: the story's rating was changed; it stays available.",
};

/** The mail that tells one reporter what became of their report. */
export function reporterMail(
  decision: Decision,
  reportReason: string,
  to: string,
  context: ReactorContext,
): MailMessage {
  const label = reportReasonLabels[reportReason as keyof typeof reportReasonLabels] ?? reportReason;
  return plainMail(to, 'The outcome of your report', [
    `Thank you for reporting a story on Nocturne (reason: ${label}). A moderator has reviewed it.`,
    reporterOutcome[decision.action],
    `The moderator's reason: ${decision.reason}`,
    `Questions? Write to ${context.supportEmail}.`,
  ]);
}

/** The statement of reasons to the account that published the story; null when it concerns them not. */
export function publisherMail(decision: Decision, to: string, context: ReactorContext): MailMessage | null {
  const base = context.publicUrl.replace(/\/+$/, '');
  const appeal = `${base}/appeal/${encodeURIComponent(decision.storyId)}`;
  const reason = `The reason: ${decision.reason}`;
  const support = `Questions? Write to ${context.supportEmail}.`;
  switch (decision.action) {
    case 'hide':
    case 'delete': {
      const done = decision.action === 'hide' ? 'hidden' : 'deleted';
      return plainMail(to, `Your story was ${done} after a review`, [
        `A moderator reviewed one of your stories on Nocturne and ${done} it under our content policy.`,
        reason,
        `If you think this decision is wrong, you may appeal it once, with a text explaining why: ${appeal} (log in with this account). A moderator will review the appeal and write to you.`,
        support,
      ]);
    }
    case 'restore':
      return plainMail(to, 'Your story is available again', [
        'A moderator reviewed one of your stories on Nocturne again and made it available.',
        reason,
        support,
      ]);
    case 'rate': {
      const rating = decision.rating ? ratingLabel(decision.rating) : 'a new rating';
      return plainMail(to, "Your story's rating was changed", [
        `A moderator reviewed one of your stories on Nocturne and changed its rating to ${rating}.`,
        reason,
        support,
      ]);
    }
    case 'dismiss':
      // A dismissal concerns the publisher only when it answers their appeal: the decision stands.
      if (decision.closedAppealId === null) return null;
      return plainMail(to, 'The outcome of your appeal', [
        'A moderator reviewed your appeal and the earlier decision about your story stands.',
        reason,
        support,
      ]);
  }
}

/**
 * Moderation e-mails: each reporter whose report a decision closed is told the outcome and the
 * reason; the account that published the story gets the statement of reasons (with the way to
 * appeal a hide or delete). Addresses are sealed in the event; an erased one gets nothing. Its
 * own checkpoint, so a read-model rebuild never sends these again.
 */
export const moderationMailReactor: Reactor = {
  name: 'moderation-mail',
  handles: ['ModerationDecided'],
  isPermanentFailure: isPermanentMailFailure,
  describeFailure: describeMailFailure,
  async react(event: RecordedEvent, context) {
    if (event.type !== 'ModerationDecided') return;
    const decision = event.data;
    const contacts = decision.closedReports.flatMap((report) => (report.contact ? [report] : []));
    const addresses = await context.vault.decryptMany(contacts.map((report) => report.contact!));
    for (const [i, report] of contacts.entries()) {
      const to = addresses[i];
      if (to) await context.mailer.send(reporterMail(decision, report.reason, to, context));
    }
    if (decision.publisher) {
      const to = await context.vault.decrypt(decision.publisher.email);
      const message = to ? publisherMail(decision, to, context) : null;
      if (message) await context.mailer.send({ ...message, userKey: decision.publisher.userKey });
    }
  },
};
