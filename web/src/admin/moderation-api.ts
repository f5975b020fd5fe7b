import type { ModerationAction, ReportReason } from '@nocturne/domain';
import { api } from '../api/client';
import { asAdmin, publicClient } from '../api/typed-client';
import { cursorQuery, pageOf } from './admin-api';

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

/** One page of the Reports tab: the queue first, then (on the pages after it) the hidden stories. */
export interface ModerationQueue {
  /** Stories waiting for a decision, in all. */
  open: number;
  stories: QueuedStory[];
  /** Hidden stories with nothing open on them, to restore or delete. */
  hidden: { story_id: string; title: string; hidden_reason: string }[];
  nextCursor: string | null;
}

export interface ModerationHistory {
  decisions: { action: ModerationAction; reason: string; decided_by: string; decided_at: string }[];
}

/** GET /api/admin/stories/{id}/moderation: every decision on a story, with who and why. */
export const fetchModerationHistory = (token: string, storyId: string) =>
  api<ModerationHistory>(`/api/admin/stories/${encodeURIComponent(storyId)}/moderation`, adminHeaders(token));

const adminHeaders = (token: string) => ({ headers: { 'X-Admin-Code': token }, token: null });

/** GET /api/admin/reports: a page of open reports and appeals by story, most urgent first, then hidden stories. */
export async function fetchModerationQueue(
  token: string,
  cursor: string | null = null,
): Promise<ModerationQueue> {
  const { data, nextCursor } = await pageOf(
    publicClient.GET('/api/admin/reports', { headers: asAdmin(token), params: cursorQuery(cursor) }),
  );
  return { ...(data as Omit<ModerationQueue, 'nextCursor'>), nextCursor };
}

/** The moderator's decision on a story, with its stated reason. */
export function decide(token: string, storyId: string, action: ModerationAction, reason: string) {
  const id = encodeURIComponent(storyId);
  const path =
    action === 'dismiss' ? `/api/admin/reports/${id}/dismiss` : `/api/admin/stories/${id}/${action}`;
  return api<{ ok: true }>(path, { method: 'POST', body: { reason }, ...adminHeaders(token) });
}
