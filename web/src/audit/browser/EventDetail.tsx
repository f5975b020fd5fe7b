import { SectionSubtitle } from '../../ui/SectionTitle';
import { surfaceClass } from '../../ui/Surface';
import type { ShownEvent } from '../audit-api';
import { Facts } from '../Facts';
import { actorName } from './actor-name';
import { IdButton } from './IdButton';
import './EventDetail.css';

/** One event: its data (personal fields "sealed" unless the role reads them) and metadata. */
export function EventDetail({
  event,
  onCorrelation,
}: {
  event: ShownEvent;
  onCorrelation(correlationId: string): void;
}) {
  const correlationId = event.correlation_id;
  return (
    <section
      className={surfaceClass('audit-event')}
      aria-labelledby="audit-event-title"
      data-testid="audit-event"
    >
      <SectionSubtitle id="audit-event-title">
        {event.type} <span className="text-muted">#{event.position}</span>
      </SectionSubtitle>
      <Facts
        facts={[
          { term: 'Stream', value: event.stream, mono: true },
          { term: 'Version', value: event.version },
          { term: 'Position', value: event.position },
          {
            term: 'Time',
            value: <time dateTime={event.recorded_at}>{new Date(event.recorded_at).toLocaleString()}</time>,
          },
          { term: 'By', value: actorName(event.actor, event.by) },
          { term: 'Session', value: event.session ?? '—', mono: true },
          {
            term: 'Correlation id',
            value: correlationId ? (
              <IdButton onClick={() => onCorrelation(correlationId)}>{correlationId}</IdButton>
            ) : (
              '—'
            ),
          },
          { term: 'Causation id', value: event.causation_id ?? '—', mono: true },
          { term: 'Event id', value: event.event_id, mono: true },
        ]}
      />
      <SectionSubtitle as="h4">Data</SectionSubtitle>
      <pre className="audit-json" data-testid="audit-event-data">
        {JSON.stringify(event.data, null, 2)}
      </pre>
    </section>
  );
}
