import { z } from 'zod';
import { defineEvent } from './define';
import { Encrypted } from './fields';
import { STORY_RATING_IDS } from './label-vocabulary';
import {
  MODERATION_ACTIONS,
  MODERATION_TEXT_MAX,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
} from './report-vocabulary';

const ReportReason = z.enum(REPORT_REASONS);

/**
 * On `story_reports-{storyId}`: someone reported a story. `reporterKey` names the reporter
 * pseudonymously (`user:{userKey}` for a member, `visitor:{hmac of the address}` for a visitor)
 * so that one reporter holds one open report per story; `contact` is the address the outcome is
 * sent to, and `text` what the reporter wrote (null when they wrote nothing), both sealed under
 * the account's key (a member) or the report's own subject (a visitor). Version 1 held the text
 * in plain text, which its upcaster moves to `legacyText`.
 */
export const StoryReported = defineEvent(
  'StoryReported',
  2,
  z.object({
    storyId: z.string().min(1),
    reportId: z.string().min(1),
    reason: ReportReason,
    text: Encrypted.nullable(),
    legacyText: z.string().max(REPORT_TEXT_MAX).optional(),
    reporterKey: z.string().min(1),
    contact: Encrypted.nullable(),
  }),
);

/**
 * On `story_reports-{storyId}`: a moderator decided, with a stated reason. It closes every open
 * report and the open appeal, listed with what the reactors need to tell each reporter and the
 * publishing account (`publisher`: null when no member account published the story).
 */
export const ModerationDecided = defineEvent(
  'ModerationDecided',
  1,
  z.object({
    storyId: z.string().min(1),
    decisionId: z.string().min(1),
    action: z.enum(MODERATION_ACTIONS),
    reason: z.string().min(1).max(MODERATION_TEXT_MAX),
    closedReports: z.array(
      z.object({ reportId: z.string().min(1), reason: ReportReason, contact: Encrypted.nullable() }),
    ),
    closedAppealId: z.string().nullable(),
    publisher: z.object({ userKey: z.string().min(1), email: Encrypted }).nullable(),
    /** A `rate` decision's new rating (absent for the other actions). */
    rating: z.enum(STORY_RATING_IDS).optional(),
  }),
);

/**
 * On `story_reports-{storyId}`: the publishing account asks for a hide or delete to be reviewed.
 * `text` is sealed under the account's key; version 1 held it in plain text, which its upcaster
 * moves to `legacyText`.
 */
export const DecisionAppealed = defineEvent(
  'DecisionAppealed',
  2,
  z.object({
    storyId: z.string().min(1),
    appealId: z.string().min(1),
    decisionId: z.string().min(1),
    userKey: z.string().min(1),
    text: Encrypted.nullable(),
    legacyText: z.string().min(1).max(MODERATION_TEXT_MAX).optional(),
  }),
);

export const moderationEvents = [StoryReported, ModerationDecided, DecisionAppealed] as const;
