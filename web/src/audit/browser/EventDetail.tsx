import { surfaceClass } from '../../ui/Surface';
import type { ShownEvent } from '../audit-api';

/** One event: its data (personal fields "sealed" unless the role reads them) and metadata. */
export function EventDetail({
  event,
  onCorrelation,
}: {
  event: ShownEvent;
  onCorrelation(correlationId: string): void;
}) {
  return (
    <section
      className={surfaceClass('audit-event')}
      aria-labelledby="audit-event-title"
      data-testid="audit-event"
    >
      <h3 id="audit-event-title" className="audit-subtitle">
        {event.type} <span className="text-muted">#{event.position}</span>
      </h3>
      <dl className="audit-facts">
        <div>
          <dt>Stream</dt>
          <dd className="audit-mono">{event.stream}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{event.version}</dd>
        </div>
        <div>
          <dt>Position</dt>
          <dd>{event.position}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            <time dateTime={event.recorded_at}>{new Date(event.recorded_at).toLocaleString()}</time>
          </dd>
        </div>
        <div>
          <dt>Actor</dt>
          <dd className="audit-mono">{JSON.stringify(event.actor)}</dd>
        </div>
        <div>
          <dt>Session</dt>
          <dd className="audit-mono">{event.session ?? '—'}</dd>
        </div>
        <div>
          <dt>Correlation id</dt>
          <dd>
            {event.correlation_id ? (
              <button
                type="button"
                className="audit-link audit-mono"
                onClick={() => onCorrelation(event.correlation_id!)}
              >
                {event.correlation_id}
              </button>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Causation id</dt>
          <dd className="audit-mono">{event.causation_id ?? '—'}</dd>
        </div>
        <div>
          <dt>Event id</dt>
          <dd className="audit-mono">{event.event_id}</dd>
        </div>
      </dl>
      <h4 className="audit-subtitle">Data</h4>
      <pre className="audit-json" data-testid="audit-event-data">
        {JSON.stringify(event.data, null, 2)}
      </pre>
    </section>
  );
}
