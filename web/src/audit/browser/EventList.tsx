import type { ShownEvent } from '../audit-api';
import './EventList.css';

/** A page (or pages) of events, newest first: each opens its detail. */
export function EventList({
  events,
  label,
  selected,
  onOpen,
}: {
  events: readonly ShownEvent[];
  label: string;
  selected: number | null;
  onOpen(event: ShownEvent): void;
}) {
  if (events.length === 0) return <p className="text-muted">No events.</p>;
  return (
    <ol className="audit-events" aria-label={label}>
      {events.map((event) => (
        <li key={event.position}>
          <button
            type="button"
            className={`audit-event-row ${selected === event.position ? 'audit-event-row--open' : ''}`}
            aria-pressed={selected === event.position}
            onClick={() => onOpen(event)}
          >
            <span className="audit-event-row__position">#{event.position}</span>
            <span className="audit-event-row__type">{event.type}</span>
            <span className="audit-event-row__stream text-mono">
              {event.stream} v{event.version}
            </span>
            <time className="audit-event-row__time" dateTime={event.recorded_at}>
              {new Date(event.recorded_at).toLocaleString()}
            </time>
          </button>
        </li>
      ))}
    </ol>
  );
}
