import type { ModerationAction } from '@nocturne/domain';
import { reportReasonLabels } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { EmptyNote } from '../../ui/EmptyNote';
import { SectionSubtitle } from '../../ui/SectionTitle';
import { Spinner } from '../../ui/Spinner';
import { moderationHistoryQuery } from '../admin-queries';

export const actionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  restore: 'Restore',
  delete: 'Delete',
  rate: 'Change rating',
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** A story's decisions so far, newest first, with who decided (by name and role) and why. */
export function ModerationHistory({ token, storyId }: { token: string; storyId: string }) {
  const history = useQuery(moderationHistoryQuery(token, storyId));
  return (
    <section aria-label="Moderation history" className="report-panel__section">
      <SectionSubtitle>Moderation history</SectionSubtitle>
      {history.isPending ? (
        <Spinner label="Loading the history…" />
      ) : history.isError ? (
        <p className="text-muted">The history could not be loaded.</p>
      ) : history.data.decisions.length === 0 ? (
        <EmptyNote>No decisions yet: this is the story's first review.</EmptyNote>
      ) : (
        <ol className="moderation-history">
          {[...history.data.decisions].reverse().map((d) => (
            <li key={`${d.decided_at}-${d.action}`}>
              <span className="text-meta">{when(d.decided_at)}</span> {actionLabels[d.action]} by{' '}
              {d.decided_by}
              {/* An admin's plain delete states no reason; a decision always does. */}
              {d.reason ? `, because: ${d.reason}` : ', without a stated reason'}
            </li>
          ))}
        </ol>
      )}
      {history.data?.reports.some((r) => r.outcome) ? (
        <details className="report-panel__earlier">
          <summary>Earlier reports ({history.data.reports.filter((r) => r.outcome).length})</summary>
          <ul>
            {history.data.reports
              .filter((r) => r.outcome)
              .map((r) => (
                <li key={r.reported_at}>
                  {reportReasonLabels[r.reason]}, {when(r.reported_at)}: {r.outcome}
                  {r.text === null
                    ? ' (its text removed with the account that wrote it)'
                    : r.text
                      ? ` (“${r.text}”)`
                      : ''}
                </li>
              ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
