import { type ReportReason, URGENT_REPORT_REASONS } from '@nocturne/domain';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';
import { signImageRef } from '../images/signed-ref';
import type { Signer } from '../stories/story-answer';

export interface QueuedReport {
  report_id: string;
  reason: ReportReason;
  text: string;
  reporter_kind: 'member' | 'visitor';
  reported_at: string;
}

export interface QueuedStory {
  story_id: string;
  /** The story as staff read it (every image signed for the session, premium and hidden alike); null once deleted. */
  story: { images: string[]; texts: string[]; isPremium: boolean; tags: string[]; warnings: string[] } | null;
  /** The statement of the hide in force, or null when the story is visible. */
  hidden_reason: string | null;
  reports: QueuedReport[];
  /** Open reports by reason. */
  counts: Partial<Record<ReportReason, number>>;
  /** Open reports of "involves a minor" or "illegal content": the queue's first key. */
  urgent: number;
  /** The open publisher's appeal of a hide or delete, if any. */
  appeal: { appeal_id: string; text: string; appealed_at: string } | null;
  /** The oldest open item's time: the queue's second key. */
  waiting_since: string;
}

/** A server-issued slide reference (an "http…" one is used as it is). */
const SIGNABLE = /^[0-9a-f]{32}$/;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The open reports and appeals grouped by story: the story with most "involves a minor" or
 * "illegal content" reports first, then the one waiting longest. Reports and appeals are few
 * next to stories, so they are read whole and grouped here; the stories are read by id.
 */
export async function moderationQueue(db: Kysely<ReadModel>, signer: Signer): Promise<QueuedStory[]> {
  const [reports, appeals] = await Promise.all([
    db
      .selectFrom('moderation_reports')
      .selectAll()
      .where('outcome', 'is', null)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('moderation_appeals')
      .selectAll()
      .where('outcome', 'is', null)
      .orderBy('position')
      .execute(),
  ]);
  const byStory = new Map<string, QueuedStory & { first: number }>();
  const entry = (storyId: string, at: Date | string, position: number) => {
    let queued = byStory.get(storyId);
    if (!queued) {
      queued = {
        story_id: storyId,
        story: null,
        hidden_reason: null,
        reports: [],
        counts: {},
        urgent: 0,
        appeal: null,
        waiting_since: iso(at),
        first: Number(position),
      };
      byStory.set(storyId, queued);
    } else if (Number(position) < queued.first) {
      queued.first = Number(position);
      queued.waiting_since = iso(at);
    }
    return queued;
  };
  for (const row of reports) {
    const queued = entry(row.story_id, row.reported_at, row.position);
    const reason = row.reason as ReportReason;
    queued.reports.push({
      report_id: row.report_id,
      reason,
      text: row.text,
      reporter_kind: row.reporter_kind,
      reported_at: iso(row.reported_at),
    });
    queued.counts[reason] = (queued.counts[reason] ?? 0) + 1;
    if (URGENT_REPORT_REASONS.includes(reason)) queued.urgent += 1;
  }
  for (const row of appeals) {
    entry(row.story_id, row.appealed_at, row.position).appeal = {
      appeal_id: row.appeal_id,
      text: row.text,
      appealed_at: iso(row.appealed_at),
    };
  }
  if (byStory.size === 0) return [];
  const stories = await db
    .selectFrom('stories')
    .selectAll()
    .where('id', 'in', [...byStory.keys()])
    .execute();
  for (const row of stories) {
    const queued = byStory.get(row.id)!;
    queued.hidden_reason = row.hidden_reason;
    queued.story = {
      images: row.card.images.map((ref) =>
        SIGNABLE.test(ref) ? signImageRef(signer.secret, ref, signer.subject, signer.now) : ref,
      ),
      texts: row.card.texts,
      isPremium: row.is_premium,
      tags: row.card.tags,
      warnings: row.card.warnings,
    };
  }
  return [...byStory.values()]
    .sort((a, b) => b.urgent - a.urgent || a.first - b.first)
    .map(({ first: _, ...queued }) => queued);
}
