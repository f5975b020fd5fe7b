/**
 * Reader reports and moderation: the fixed list of reasons, the limits and the words shown, shared
 * by the servers and the SPA.
 */
import {
  MODERATION_ACTIONS,
  MODERATION_TEXT_MAX,
  type ModerationAction,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '@nocturne/events/reports';

export {
  MODERATION_ACTIONS,
  MODERATION_TEXT_MAX,
  type ModerationAction,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
};

export const reportReasonLabels: Record<ReportReason, string> = {
  illegal_content: 'Illegal content',
  involves_minor: 'Involves a minor',
  non_consensual: 'Non-consensual content',
  copyright: 'Copyright',
  spam_or_scam: 'Spam or scam',
  other: 'Other',
};

/** The reasons that put a story at the head of the moderation queue. */
export const URGENT_REPORT_REASONS: readonly ReportReason[] = ['involves_minor', 'illegal_content'];

export const isReportReason = (value: unknown): value is ReportReason =>
  typeof value === 'string' && (REPORT_REASONS as readonly string[]).includes(value);

export const reportMessages = {
  thanks: 'Thanks, we review every report',
  unknownReason: 'Please choose a reason from the list',
  textTooLong: `Please keep the text to ${REPORT_TEXT_MAX.toLocaleString('en-US')} characters or fewer`,
  emailRequired: 'Please enter a valid email address so that we can tell you the outcome',
  alreadyReported: 'You have reported this story already; we are reviewing it',
  reasonRequired: 'Please state the reason for this decision',
  reasonTooLong: `Please keep the reason to ${MODERATION_TEXT_MAX.toLocaleString('en-US')} characters or fewer`,
  nothingToDismiss: 'This story has no open report or appeal to dismiss',
  notHidden: 'This story is not hidden',
  alreadyHidden: 'This story is hidden already',
  appealTextRequired: 'Please write why the decision should be reviewed',
  appealNotAllowed:
    'Only the account that published this story may appeal, once, after a decision to hide or delete it',
  appealedAlready: 'You have appealed this decision already',
  /** The page of a hidden story (451). */
  unavailable: 'This story is unavailable: it was hidden after a review under our content policy.',
} as const;

/**
 * How long a story has waited in the moderation queue at least (its oldest open report or
 * appeal): the Reports tab's filter by age, `?age=` of GET /api/admin/reports.
 */
export const QUEUE_AGES = { '1h': 3_600_000, '24h': 86_400_000, '7d': 604_800_000 } as const;
export type QueueAge = keyof typeof QUEUE_AGES;

export const queueAgeLabels: Record<QueueAge, string> = {
  '1h': 'Waiting over an hour',
  '24h': 'Waiting over a day',
  '7d': 'Waiting over a week',
};

export const isQueueAge = (value: unknown): value is QueueAge =>
  typeof value === 'string' && Object.hasOwn(QUEUE_AGES, value);
