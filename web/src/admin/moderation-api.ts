import type { ModerationAction } from '@nocturne/domain';
import type { Answer } from '../api/answer';
import { api } from '../api/client';

/** Open reports and appeals by story, and the hidden stories with nothing open on them. */
export type ModerationQueue = Answer<'/api/admin/reports'>;
export type QueuedStory = ModerationQueue['stories'][number];
export type ModerationHistory = Answer<'/api/admin/stories/{id}/moderation'>;

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
