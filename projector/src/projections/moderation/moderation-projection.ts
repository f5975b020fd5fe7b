import type { Actor, RecordedEvent } from '@nocturne/events';
import { sql } from 'kysely';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/** Who decided, as the story's history shows it: never an address. */
function deciderOf(actor: Actor): Record<string, unknown> {
  if (actor.kind !== 'admin') return { kind: actor.kind };
  return { kind: 'admin', session: actor.session, ...(actor.staffId ? { staffId: actor.staffId } : {}) };
}

/**
 * The moderation queue and each story's moderation history: every report (open until a
 * decision closes it with that decision's action as its outcome), every appeal, and every
 * decision with who took it, when and why. Rows are inserted before the batch's decisions close
 * them, and a decision lists exactly the reports and appeal it closed, so any cut of the log
 * into batches gives the same rows.
 */
export const moderationProjection: Projection = {
  name: 'moderation',
  handles: ['StoryReported', 'ModerationDecided', 'DecisionAppealed'],
  async applyBatch(trx, events) {
    const reports = [];
    const appeals = [];
    const decisions = [];
    const closed: { id: string; outcome: string }[] = [];
    const closedAppeals: { id: string; outcome: string }[] = [];
    for (const event of events as readonly RecordedEvent[]) {
      switch (event.type) {
        case 'StoryReported':
          reports.push({
            report_id: event.data.reportId,
            story_id: event.data.storyId,
            reason: event.data.reason,
            text: event.data.text,
            reporter_kind: event.data.reporterKey.startsWith('user:')
              ? ('member' as const)
              : ('visitor' as const),
            reported_at: event.recordedAt,
            position: event.position,
          });
          break;
        case 'DecisionAppealed':
          appeals.push({
            appeal_id: event.data.appealId,
            story_id: event.data.storyId,
            text: event.data.text,
            appealed_at: event.recordedAt,
            position: event.position,
          });
          break;
        case 'ModerationDecided': {
          const { data } = event;
          decisions.push({
            decision_id: data.decisionId,
            story_id: data.storyId,
            action: data.action,
            reason: data.reason,
            decided_by: JSON.stringify(deciderOf(event.metadata.actor)),
            decided_at: event.recordedAt,
            position: event.position,
            reports_closed: data.closedReports.length,
            appeal_closed: data.closedAppealId !== null,
          });
          for (const report of data.closedReports) closed.push({ id: report.reportId, outcome: data.action });
          if (data.closedAppealId) closedAppeals.push({ id: data.closedAppealId, outcome: data.action });
          break;
        }
        default:
          break;
      }
    }
    await inChunks(reports, (slice) =>
      trx
        .insertInto('moderation_reports')
        .values(slice)
        .onConflict((oc) => oc.column('report_id').doNothing())
        .execute(),
    );
    await inChunks(appeals, (slice) =>
      trx
        .insertInto('moderation_appeals')
        .values(slice)
        .onConflict((oc) => oc.column('appeal_id').doNothing())
        .execute(),
    );
    await inChunks(decisions, (slice) =>
      trx
        .insertInto('moderation_decisions')
        .values(slice)
        .onConflict((oc) => oc.column('decision_id').doNothing())
        .execute(),
    );
    if (closed.length > 0) {
      await sql`update moderation_reports set outcome = c.outcome
        from jsonb_to_recordset(${JSON.stringify(closed)}::jsonb) as c(id text, outcome text)
        where moderation_reports.report_id = c.id`.execute(trx);
    }
    if (closedAppeals.length > 0) {
      await sql`update moderation_appeals set outcome = c.outcome
        from jsonb_to_recordset(${JSON.stringify(closedAppeals)}::jsonb) as c(id text, outcome text)
        where moderation_appeals.appeal_id = c.id`.execute(trx);
    }
  },
};
