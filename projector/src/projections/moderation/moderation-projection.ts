import { type Actor, idOf, type RecordedEvent } from '@nocturne/events';
import { sql } from 'kysely';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';

/** Who decided, as the story's history shows it: never an address. */
function deciderOf(actor: Actor): Record<string, unknown> {
  if (actor.kind !== 'admin') return { kind: actor.kind };
  return { kind: 'admin', session: actor.session, ...(actor.staffId ? { staffId: actor.staffId } : {}) };
}

/** A member's reporter key: `user:{userKey}` (a visitor's names a digest of their address). */
const MEMBER = 'user:';

/**
 * What a reporter or appealing creator wrote, as the row keeps it: the sealed value (the queue
 * opens it; null there once the writer is erased), the plain text of an event recorded before
 * texts were sealed, or '' when nothing was written.
 */
const writtenText = (data: { text: string | null; legacyText?: string | undefined }) =>
  data.text ?? data.legacyText ?? '';

/** The history row of a deletion is keyed by its event: the reasoned decision that follows it replaces it. */
const PLAIN_DELETION = 'deleted:';

/**
 * The moderation queue and each story's moderation history: every report (open until a
 * decision closes it with that decision's action as its outcome), every appeal, and every
 * decision with who took it, when and why. Rows are inserted before the batch's decisions close
 * them, and a decision lists exactly the reports and appeal it closed, so any cut of the log
 * into batches gives the same rows.
 *
 * What a member wrote (a report's text, an appeal) is removed from the rows when the member is
 * erased (UserDeleted): the sealed value would read as nothing anyway, and a text recorded
 * before texts were sealed is plain.
 *
 * Every removal of a story is in its history: a StoryDeleted is a `delete` row without a reason
 * (the owner's or an admin's plain delete) until the moderator's reasoned decision that follows
 * the deletion on the reports stream takes its place. A story is deleted once, so the decision
 * replaces the story's deletion row whether the two came in one batch or in two.
 */
export const moderationProjection: Projection = {
  name: 'moderation',
  handles: ['StoryReported', 'ModerationDecided', 'DecisionAppealed', 'StoryDeleted', 'UserDeleted'],
  async applyBatch(trx, events) {
    const reports = [];
    const appeals = [];
    const decisions = [];
    const closed: { id: string; outcome: string }[] = [];
    const closedAppeals: { id: string; outcome: string }[] = [];
    /** Stories whose deletion a reasoned decision explains. */
    const explained = new Set<string>();
    /** Members erased in this batch: what they wrote goes with them. */
    const erased: string[] = [];
    for (const event of events as readonly RecordedEvent[]) {
      switch (event.type) {
        case 'StoryDeleted':
          decisions.push({
            decision_id: `${PLAIN_DELETION}${event.eventId}`,
            story_id: event.data.storyId,
            action: 'delete',
            reason: '',
            decided_by: JSON.stringify(deciderOf(event.metadata.actor)),
            decided_at: event.recordedAt,
            position: event.position,
            reports_closed: 0,
            appeal_closed: false,
          });
          break;
        case 'StoryReported': {
          const member = event.data.reporterKey.startsWith(MEMBER)
            ? event.data.reporterKey.slice(MEMBER.length)
            : null;
          reports.push({
            report_id: event.data.reportId,
            story_id: event.data.storyId,
            reason: event.data.reason,
            text: writtenText(event.data),
            reporter_kind: member === null ? ('visitor' as const) : ('member' as const),
            reporter_user_key: member,
            reported_at: event.recordedAt,
            position: event.position,
          });
          break;
        }
        case 'DecisionAppealed':
          appeals.push({
            appeal_id: event.data.appealId,
            story_id: event.data.storyId,
            text: writtenText(event.data),
            user_key: event.data.userKey,
            appealed_at: event.recordedAt,
            position: event.position,
          });
          break;
        case 'UserDeleted':
          erased.push(idOf(event.streamName));
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
          if (data.action === 'delete') explained.add(data.storyId);
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
    const kept = decisions.filter(
      (row) => !(row.decision_id.startsWith(PLAIN_DELETION) && explained.has(row.story_id)),
    );
    await inChunks(kept, (slice) =>
      trx
        .insertInto('moderation_decisions')
        .values(slice)
        .onConflict((oc) => oc.column('decision_id').doNothing())
        .execute(),
    );
    if (explained.size > 0) {
      await trx
        .deleteFrom('moderation_decisions')
        .where('story_id', 'in', [...explained])
        .where('decision_id', 'like', `${PLAIN_DELETION}%`)
        .execute();
    }
    // After this batch's own rows: a report written and erased in one batch is erased too.
    if (erased.length > 0) {
      await trx
        .updateTable('moderation_reports')
        .set({ text: null })
        .where('reporter_user_key', 'in', erased)
        .execute();
      await trx
        .updateTable('moderation_appeals')
        .set({ text: null })
        .where('user_key', 'in', erased)
        .execute();
    }
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
