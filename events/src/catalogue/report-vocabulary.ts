/**
 * The words reports and moderation decisions are made of: the fixed reasons, the actions and the
 * limits of their texts. Event schemas validate against them and the domain's rules and screens
 * read them, so they live in the event language (`@nocturne/events/reports`); this file imports
 * nothing, so the SPA can take it without the schemas.
 */
export const REPORT_REASONS = [
  'illegal_content',
  'involves_minor',
  'non_consensual',
  'copyright',
  'spam_or_scam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_TEXT_MAX = 1000;
/** A moderator's stated reason and a publisher's appeal. */
export const MODERATION_TEXT_MAX = 2000;

/** `rate`: the story's rating changed (StoryRatingChanged), the story stays. */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'rate'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
