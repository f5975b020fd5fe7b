import type { ModerationAction, ReportReason } from '@nocturne/domain';
import { api } from '../api/client';

export interface QueuedStory {
  story_id: string;
  story: { images: string[]; texts: string[]; isPremium: boolean; tags: string[]; warnings: string[] } | null;
  hidden_reason: string | null;
  reports: {
    report_id: string;
    reason: ReportReason;
    text: string;
    reporter_kind: 'member' | 'visitor';
    reported_at: string;
  }[];
  counts: Partial<Record<ReportReason, number>>;
  urgent: number;
  appeal: { appeal_id: string; text: string; appealed_at: string } | null;
  waiting_since: string;
}

export interface ModerationQueue {
  open: number;
  stories: QueuedStory[];
  /** Hidden stories with nothing open on them, to restore or delete. */
  hidden: { story_id: string; title: string; hidden_reason: string }[];
}

export interface ModerationHistory {
  decisions: { action: ModerationAction; reason: string; decided_by: string; decided_at: string }[];
}

/** GET /api/admin/stories/{id}/moderation: every decision on a story, with who and why. */
export const fetchModerationHistory = (token: string, storyId: string) =>
  api<ModerationHistory>(`/api/admin/stories/${encodeURIComponent(storyId)}/moderation`, adminHeaders(token));

const adminHeaders = (token: string) => ({ headers: { 'X-Admin-Code': token }, token: null });

/** GET /api/admin/reports: open reports and appeals by story, most urgent first. */
export const fetchModerationQueue = (token: string) =>
  api<ModerationQueue>('/api/admin/reports', adminHeaders(token));

/** The moderator's decision on a story, with its stated reason. */
export function decide(token: string, storyId: string, action: ModerationAction, reason: string) {
  const id = encodeURIComponent(storyId);
  const path =
    action === 'dismiss' ? `/api/admin/reports/${id}/dismiss` : `/api/admin/stories/${id}/${action}`;
  return api<{ ok: true }>(path, { method: 'POST', body: { reason }, ...adminHeaders(token) });
}
