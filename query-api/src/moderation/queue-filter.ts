import {
  isQueueAge,
  isReportReason,
  QUEUE_AGES,
  type QueueAge,
  REPORT_REASONS,
  type ReportReason,
} from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';

/** What narrows the moderation queue: the stories with an open report of a reason, waiting at least so long. */
export interface QueueFilter {
  reason: ReportReason | null;
  age: QueueAge | null;
}

export const WHOLE_QUEUE: QueueFilter = { reason: null, age: null };

export const isWholeQueue = (filter: QueueFilter) => filter.reason === null && filter.age === null;

const ages = Object.keys(QUEUE_AGES);

/** `?reason=` and `?age=` of GET /api/admin/reports: absent, the whole queue; anything else a 400 that says what is valid. */
export function queueFilterFrom(query: unknown): QueueFilter {
  const { reason, age } = (query ?? {}) as Record<string, unknown>;
  if (Array.isArray(reason)) throw new HttpError(400, 'reason must be given once');
  if (reason !== undefined && !isReportReason(reason))
    throw new HttpError(400, `reason must be one of ${REPORT_REASONS.join(', ')}`);
  if (Array.isArray(age)) throw new HttpError(400, 'age must be given once');
  if (age !== undefined && !isQueueAge(age))
    throw new HttpError(400, `age must be ${ages.slice(0, -1).join(', ')} or ${ages.at(-1)}`);
  return { reason: isReportReason(reason) ? reason : null, age: isQueueAge(age) ? age : null };
}
