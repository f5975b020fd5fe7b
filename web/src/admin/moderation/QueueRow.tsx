import type { QueueEntry } from './queue-entries';
import { ReasonCounts, ReportMeta } from './ReportMeta';

/** A story in the queue: its name opens it in the side panel; the whole row is the target. */
export function QueueRow({
  entry,
  selected,
  onOpen,
}: {
  entry: QueueEntry;
  selected: boolean;
  onOpen(): void;
}) {
  return (
    <article
      className={`moderation-item${selected ? ' moderation-item--selected' : ''}`}
      data-story-id={entry.id}
      aria-current={selected || undefined}
    >
      <h3 className="moderation-item__title">
        <button type="button" className="moderation-item__open" onClick={onOpen}>
          {entry.title}
        </button>
      </h3>
      {entry.kind === 'open' ? (
        <>
          <ReportMeta queued={entry.queued} />
          <ReasonCounts queued={entry.queued} />
        </>
      ) : (
        <p className="moderation-item__hidden">Hidden: {entry.hiddenReason}</p>
      )}
    </article>
  );
}
