import type { ModerationAction, QueueAge, ReportReason, StoryRatingId } from '@nocturne/domain';
import type { Answer } from '../api/answer';
import { api } from '../api/client';
import { asAdmin, publicClient } from '../api/typed-client';
import { cursorQuery, pageOf } from './admin-api';

/** One page of the Reports tab: the queue first, then (on the pages after it) the hidden stories with nothing open. */
export type ModerationQueue = Answer<'/api/admin/reports'> & { nextCursor: string | null };
export type QueuedStory = ModerationQueue['stories'][number];
export type ModerationHistory = Answer<'/api/admin/stories/{id}/moderation'>;

/** GET /api/admin/stories/{id}/moderation: every decision on a story, with who and why. */
export const fetchModerationHistory = (token: string, storyId: string) =>
  api<ModerationHistory>(`/api/admin/stories/${encodeURIComponent(storyId)}/moderation`, adminHeaders(token));

const adminHeaders = (token: string) => ({ headers: { 'X-Admin-Code': token }, token: null });

/** What narrows the queue on the server: an open report's reason, how long a story has waited at least. */
export interface QueueFilters {
  reason?: ReportReason;
  age?: QueueAge;
}

/**
 * GET /api/admin/reports: a page of open reports and appeals by story, most urgent first, then
 * hidden stories; filtered, only the queue's stories the filters keep.
 */
export async function fetchModerationQueue(
  token: string,
  cursor: string | null = null,
  filters: QueueFilters = {},
): Promise<ModerationQueue> {
  const query = { ...filters, ...cursorQuery(cursor).query };
  const { data, nextCursor } = await pageOf(
    publicClient.GET('/api/admin/reports', { headers: asAdmin(token), params: { query } }),
  );
  return { ...data, nextCursor };
}

/** A moderator's change of a story's rating, with its stated reason (the publisher is told). */
export function changeRating(token: string, storyId: string, rating: StoryRatingId, reason: string) {
  return api<{ ok: true }>(`/api/admin/stories/${encodeURIComponent(storyId)}/rating`, {
    method: 'POST',
    body: { rating, reason },
    ...adminHeaders(token),
  });
}

/** The moderator's decision on a story, with its stated reason. */
export function decide(token: string, storyId: string, action: ModerationAction, reason: string) {
  const id = encodeURIComponent(storyId);
  const path =
    action === 'dismiss' ? `/api/admin/reports/${id}/dismiss` : `/api/admin/stories/${id}/${action}`;
  return api<{ ok: true }>(path, { method: 'POST', body: { reason }, ...adminHeaders(token) });
}
