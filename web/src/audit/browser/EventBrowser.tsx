import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, SelectField } from '../../ui/Field';
import { surfaceClass } from '../../ui/Surface';
import type { LogQuery, ShownEvent } from '../audit-api';
import { correlationQuery, type EventsView, eventsQuery, streamsQuery } from '../audit-queries';
import { EventDetail } from './EventDetail';
import { EventList } from './EventList';

type View = EventsView | { kind: 'correlation'; id: string };

const instantOf = (local: string): string | null => (local ? new Date(local).toISOString() : null);

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
      <h2 id="audit-browser-title" className="admin-section-title">
        Event browser
      </h2>
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      types: types
        .split(/[\s,]+/)
        .map((t) => t.trim())
        .filter(Boolean),
      from: instantOf(from),
      to: instantOf(to),
    });
  };
  return (
    <form
      className={surfaceClass('audit-form audit-form--stacked')}
      onSubmit={submit}
      aria-label="Filter the log"
    >
      <h3 className="audit-subtitle">Global log</h3>
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
      <Button type="submit" variant="primary" size="sm">
        Filter the log
      </Button>
    </form>
  );
}

function StreamPicker({ token, onStream }: { token: string; onStream(stream: string): void }) {
  const [category, setCategory] = useState('user');
  const streams = useInfiniteQuery(streamsQuery(token, category));
  const categories = streams.data?.pages[0]?.categories ?? [category];
  return (
    <section className={surfaceClass('audit-streams')} aria-labelledby="audit-streams-title">
      <h3 id="audit-streams-title" className="audit-subtitle">
        Streams
      </h3>
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
              <button type="button" className="audit-link audit-mono" onClick={() => onStream(stream.name)}>
                {stream.name}
              </button>{' '}
              <span className="text-muted">({stream.events})</span>
            </li>
          ))}
      </ul>
      {streams.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          loading={streams.isFetchingNextPage}
          onClick={() => streams.fetchNextPage()}
        >
          More streams
        </Button>
      ) : null}
    </section>
  );
}

function PagedEvents({
  token,
  view,
  open,
  onOpen,
}: {
  token: string;
  view: Exclude<View, { kind: 'correlation' }>;
  open: ShownEvent | null;
  onOpen(event: ShownEvent): void;
}) {
  const events = useInfiniteQuery(eventsQuery(token, view));
  const title = view.kind === 'stream' ? `Stream ${view.stream}, newest first` : 'The log, newest first';
  return (
    <section aria-label={title}>
      <h3 className="audit-subtitle">{title}</h3>
      {events.isError ? (
        <Alert tone="error">Could not load the events. Please check the filter.</Alert>
      ) : null}
      {events.isPending ? <p className="text-muted">Loading events…</p> : null}
      {events.data ? (
        <EventList
          events={events.data.pages.flatMap((page) => page.events)}
          label={title}
          selected={open?.position ?? null}
          onOpen={onOpen}
        />
      ) : null}
      {events.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          loading={events.isFetchingNextPage}
          onClick={() => events.fetchNextPage()}
        >
          Older events
        </Button>
      ) : null}
    </section>
  );
}

function CorrelatedEvents({
  token,
  id,
  open,
  onOpen,
}: {
  token: string;
  id: string;
  open: ShownEvent | null;
  onOpen(event: ShownEvent): void;
}) {
  const events = useQuery(correlationQuery(token, id));
  const title = `Every event of correlation ${id}`;
  return (
    <section aria-label={title} data-testid="audit-correlation">
      <h3 className="audit-subtitle audit-mono">{title}</h3>
      {events.isError ? <Alert tone="error">Could not load the events.</Alert> : null}
      {events.data ? (
        <EventList
          events={events.data.events}
          label={title}
          selected={open?.position ?? null}
          onOpen={onOpen}
        />
      ) : null}
    </section>
  );
}
