import {
  isReportReason,
  MODERATION_TEXT_MAX,
  type ModerationAction,
  REPORT_TEXT_MAX,
  type ReportReason,
  refuse,
  reportMessages,
  type StoryRatingId,
  storyMessages,
} from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type ReportEvent = EventOf<'StoryReported' | 'ModerationDecided' | 'DecisionAppealed'>;

interface OpenReport {
  reportId: string;
  reason: ReportReason;
  contact: string | null;
}

/** The state of one `story_reports-{storyId}` stream. */
export interface ReportsState {
  /** The open reports by reporter key, oldest first: one per reporter. */
  open: ReadonlyMap<string, OpenReport>;
  openAppealId: string | null;
  /** The last hide or delete, which its publisher may appeal once. */
  appealable: { decisionId: string; publisherUserKey: string | null; appealed: boolean } | null;
}

export const initialReportsState = (): ReportsState => ({
  open: new Map(),
  openAppealId: null,
  appealable: null,
});

export function evolveReports(
  state: ReportsState,
  event: ReportEvent | RecordedEvent<ReportEvent>,
): ReportsState {
  switch (event.type) {
    case 'StoryReported': {
      const { reportId, reason, contact, reporterKey } = event.data;
      return { ...state, open: new Map(state.open).set(reporterKey, { reportId, reason, contact }) };
    }
    case 'ModerationDecided': {
      const { action, decisionId, publisher } = event.data;
      const appealable =
        action === 'hide' || action === 'delete'
          ? { decisionId, publisherUserKey: publisher?.userKey ?? null, appealed: false }
          : // A dismissal, or a re-rating, leaves the hide standing appealable if it was not appealed.
            action === 'dismiss' || action === 'rate'
            ? state.appealable
            : null;
      return { open: new Map(), openAppealId: null, appealable };
    }
    case 'DecisionAppealed':
      return {
        ...state,
        openAppealId: event.data.appealId,
        appealable: state.appealable && { ...state.appealable, appealed: true },
      };
  }
}

export type FileReport = Command<
  'FileReport',
  {
    storyId: string;
    reportId: string;
    reason: string;
    /** What the reporter wrote, to check; only `sealedText` is recorded. */
    text: string;
    /** The trimmed text sealed under the reporter's subject; null when they wrote nothing. */
    sealedText: string | null;
    reporterKey: string;
    /** The reporter's address, sealed; null when there is none to answer to. */
    contact: string | null;
    /** Whether the story is live, as the handler read it (so deciding stays pure). */
    storyLive: boolean;
  }
>;
export type DecideReports = Command<
  'DecideReports',
  {
    storyId: string;
    decisionId: string;
    action: ModerationAction;
    reason: string;
    publisher: { userKey: string; email: string } | null;
    /** A `rate` decision's new rating. */
    rating?: StoryRatingId;
  }
>;
export type AppealDecision = Command<
  'AppealDecision',
  {
    storyId: string;
    appealId: string;
    userKey: string;
    /** What the publisher wrote, to check; only `sealedText` is recorded. */
    text: string;
    /** The trimmed text sealed under the publishing account's key. */
    sealedText: string;
  }
>;
export type ReportCommand = FileReport | DecideReports | AppealDecision;

/** What is wrong with a moderator's stated reason, if anything (also checked before a hide). */
export function decisionReasonProblem(reason: string): string | null {
  if (reason.trim() === '') return reportMessages.reasonRequired;
  if (reason.length > MODERATION_TEXT_MAX) return reportMessages.reasonTooLong;
  return null;
}

/** What is wrong with an appeal's text, if anything. */
export function appealTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return reportMessages.appealTextRequired;
  if (trimmed.length > MODERATION_TEXT_MAX) return reportMessages.reasonTooLong;
  return null;
}

/** What is wrong with a report's reason or text, if anything. */
export function reportProblem(reason: unknown, text: string): string | null {
  if (!isReportReason(reason)) return reportMessages.unknownReason;
  if (text.length > REPORT_TEXT_MAX) return reportMessages.textTooLong;
  return null;
}

export function decideReports(command: ReportCommand, state: ReportsState): Decision<ReportEvent> {
  switch (command.type) {
    case 'FileReport': {
      const { data } = command;
      const problem = reportProblem(data.reason, data.text);
      if (problem) return refuse('invalid', problem);
      if (!data.storyLive) return refuse('not_found', storyMessages.notFound);
      if (state.open.has(data.reporterKey)) return refuse('conflict', reportMessages.alreadyReported);
      return [
        {
          type: 'StoryReported',
          data: {
            storyId: data.storyId,
            reportId: data.reportId,
            reason: data.reason as ReportReason,
            text: data.text.trim() === '' ? null : data.sealedText,
            reporterKey: data.reporterKey,
            contact: data.contact,
          },
        },
      ];
    }
    case 'DecideReports': {
      const { data } = command;
      const problem = decisionReasonProblem(data.reason);
      if (problem) return refuse('invalid', problem);
      if (data.action === 'dismiss' && state.open.size === 0 && state.openAppealId === null) {
        return refuse('conflict', reportMessages.nothingToDismiss);
      }
      return [
        {
          type: 'ModerationDecided',
          data: {
            storyId: data.storyId,
            decisionId: data.decisionId,
            action: data.action,
            reason: data.reason.trim(),
            closedReports: [...state.open.values()],
            closedAppealId: state.openAppealId,
            publisher: data.publisher,
            ...(data.rating ? { rating: data.rating } : {}),
          },
        },
      ];
    }
    case 'AppealDecision': {
      const { data } = command;
      const problem = appealTextProblem(data.text);
      if (problem) return refuse('invalid', problem);
      const decision = state.appealable;
      if (!decision || decision.publisherUserKey !== data.userKey) {
        return refuse('forbidden', reportMessages.appealNotAllowed);
      }
      if (decision.appealed) return refuse('conflict', reportMessages.appealedAlready);
      return [
        {
          type: 'DecisionAppealed',
          data: {
            storyId: data.storyId,
            appealId: data.appealId,
            decisionId: decision.decisionId,
            userKey: data.userKey,
            text: data.sealedText,
          },
        },
      ];
    }
  }
}

export const reportDecider: Decider<ReportCommand, ReportsState, ReportEvent> = {
  initialState: initialReportsState,
  evolve: evolveReports,
  decide: decideReports,
};
