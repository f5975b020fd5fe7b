import { reportReasonLabels } from '@nocturne/domain';
import type { QueuedStory } from '../moderation-api';

/** "2 open reports, 2 urgent · waiting since …": how much and how long a story has waited. */
export function ReportMeta({ queued }: { queued: QueuedStory }) {
  return (
    <p className="moderation-item__meta">
      {queued.reports.length} open report{queued.reports.length === 1 ? '' : 's'}
      {queued.urgent > 0 ? `, ${queued.urgent} urgent` : ''}
      {queued.appeal ? ', an appeal' : ''} · waiting since {new Date(queued.waiting_since).toLocaleString()}
      {queued.story?.isPremium ? ' · Premium' : ''}
      {queued.hidden_reason !== null ? ' · Hidden' : ''}
    </p>
  );
}

/** The reports counted by reason, the urgent reasons marked. */
export function ReasonCounts({ queued }: { queued: QueuedStory }) {
  const counts = Object.entries(queued.counts);
  if (counts.length === 0) return null;
  return (
    <ul className="cluster moderation-item__counts" aria-label="Reports by reason">
      {counts.map(([id, count]) => (
        <li
          key={id}
          className={`moderation-count${id === 'involves_minor' || id === 'illegal_content' ? ' moderation-count--urgent' : ''}`}
        >
          {reportReasonLabels[id as keyof typeof reportReasonLabels]}: {count}
        </li>
      ))}
    </ul>
  );
}
