import type { ReportReason } from '@nocturne/domain';
import { api } from '../api/client';

export interface NewReport {
  reason: ReportReason;
  text: string;
  /** A visitor's address for the outcome; a member is answered at their account's. */
  email?: string;
}

/** POST /api/stories/{id}/reports: the server's thanks, or an ApiError with its detail. */
export const sendReport = (storyId: string, report: NewReport) =>
  api<{ message: string }>(`/api/stories/${encodeURIComponent(storyId)}/reports`, {
    method: 'POST',
    body: report,
  });

/** POST /api/stories/{id}/appeal: the publishing account asks for a review of a hide or delete. */
export const sendAppeal = (storyId: string, text: string) =>
  api<{ message: string }>(`/api/stories/${encodeURIComponent(storyId)}/appeal`, {
    method: 'POST',
    body: { text },
  });
