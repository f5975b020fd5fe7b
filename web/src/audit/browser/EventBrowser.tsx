import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Field, SelectField } from '../../ui/Field';
import { LoadMore } from '../../ui/LoadMore';
import { SectionSubtitle, SectionTitle } from '../../ui/SectionTitle';
import { surfaceClass } from '../../ui/Surface';
import type { LogQuery, ShownEvent } from '../audit-api';
import { correlationQuery, type EventsView, eventsQuery, streamsQuery } from '../audit-queries';
import { FilterForm, instantOf } from '../FilterForm';
import { EventDetail } from './EventDetail';
import { EventList } from './EventList';
import { IdButton } from './IdButton';
import './EventBrowser.css';

type View = EventsView | { kind: 'correlation'; id: string };

/**
 * The event browser: streams by category, a stream's events and the global log (filtered by
 * type and time) newest first, a page at a time; one event opened shows its data and metadata,
 * and its correlation id gathers every event the same request caused. Read-only.
 */
export function EventBrowser({ token }: { token: string }) {
  const [view, setView] = useState<View>({ kind: 'log', query: { types: [], from: null, to: null } });
  const [open, setOpen] = useState<ShownEvent | null>(null);
  const show = (next: View) => {
    setView(next);
    setOpen(null);
  };
  return (
    <section className="audit-browser" aria-labelledby="audit-browser-title">
      <SectionTitle id="audit-browser-title">Event browser</SectionTitle>
      <div className="audit-browser__layout">
        <div className="audit-browser__side">
          <LogFilterForm onApply={(query) => show({ kind: 'log', query })} />
          <StreamPicker token={token} onStream={(stream) => show({ kind: 'stream', stream })} />
        </div>
        <div className="audit-browser__main">
          {view.kind === 'correlation' ? (
            <CorrelatedEvents token={token} id={view.id} open={open} onOpen={setOpen} />
          ) : (
            <PagedEvents token={token} view={view} open={open} onOpen={setOpen} />
          )}
          {open ? (
            <EventDetail event={open} onCorrelation={(id) => show({ kind: 'correlation', id })} />
          ) : null}
        </div>
      </div>
    </section>
  );
}

function LogFilterForm({ onApply }: { onApply(query: LogQuery): void }) {
  const [types, setTypes] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const apply = () =>
    onApply({
      types: types
        .split(/[\s,]+/)
        .map((t) => t.trim())
        .filter(Boolean),
      from: instantOf(from),
      to: instantOf(to),
    });
  return (
    <FilterForm label="Filter the log" stacked submitLabel="Filter the log" submitSize="sm" onApply={apply}>
      <SectionSubtitle>Global log</SectionSubtitle>
      <Field
        label="Event types"
        placeholder="PremiumGranted, PremiumRevoked"
        value={types}
        onChange={(event) => setTypes(event.target.value)}
      />
      <Field
        label="From"
        type="datetime-local"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <Field label="To" type="datetime-local" value={to} onChange={(event) => setTo(event.target.value)} />
    </FilterForm>
  );
}

function StreamPicker({ token, onStream }: { token: string; onStream(stream: string): void }) {
  const [category, setCategory] = useState('user');
  const streams = useInfiniteQuery(streamsQuery(token, category));
  const categories = streams.data?.pages[0]?.categories ?? [category];
  return (
    <section className={surfaceClass('audit-streams')} aria-labelledby="audit-streams-title">
      <SectionSubtitle id="audit-streams-title">Streams</SectionSubtitle>
      <SelectField label="Category" value={category} onChange={(event) => setCategory(event.target.value)}>
        {categories.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {streams.isError ? <Alert tone="error">Could not load the streams.</Alert> : null}
      <ul className="audit-stream-list">
        {streams.data?.pages
          .flatMap((page) => page.streams)
          .map((stream) => (
            <li key={stream.name}>
              <IdButton onClick={() => onStream(stream.name)}>{stream.name}</IdButton>{' '}
              <span className="text-muted">({stream.events})</span>
            </li>
          ))}
      </ul>
      <LoadMore pages={streams} label="More streams" variant="ghost" placement="inline" />
    </section>
  );
}

interface EventsProps {
  token: string;
  open: ShownEvent | null;
  onOpen(event: ShownEvent): void;
}

/** A titled list of events, or why it cannot be shown; what follows it (more pages) after. */
function EventsSection({
  title,
  mono,
  testId,
  failure,
  events,
  open,
  onOpen,
  children,
}: Omit<EventsProps, 'token'> & {
  title: string;
  mono?: boolean;
  testId?: string;
  failure: ReactNode;
  events: readonly ShownEvent[] | undefined;
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} data-testid={testId}>
      <SectionSubtitle mono={mono}>{title}</SectionSubtitle>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {events ? (
        <EventList events={events} label={title} selected={open?.position ?? null} onOpen={onOpen} />
      ) : null}
      {children}
    </section>
  );
}

function PagedEvents({
  token,
  view,
  ...shown
}: EventsProps & { view: Exclude<View, { kind: 'correlation' }> }) {
  const events = useInfiniteQuery(eventsQuery(token, view));
  const title = view.kind === 'stream' ? `Stream ${view.stream}, newest first` : 'The log, newest first';
  return (
    <EventsSection
      title={title}
      failure={events.isError ? 'Could not load the events. Please check the filter.' : null}
      events={events.data?.pages.flatMap((page) => page.events)}
      {...shown}
    >
      {events.isPending ? <p className="text-muted">Loading events…</p> : null}
      <LoadMore pages={events} label="Older events" placement="inline" />
    </EventsSection>
  );
}

function CorrelatedEvents({ token, id, ...shown }: EventsProps & { id: string }) {
  const events = useQuery(correlationQuery(token, id));
  return (
    <EventsSection
      title={`Every event of correlation ${id}`}
      mono
      testId="audit-correlation"
      failure={events.isError ? 'Could not load the events.' : null}
      events={events.data?.events}
      {...shown}
    />
  );
}
