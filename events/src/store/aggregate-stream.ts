import { decodeEvent } from '@nocturne/events';
import type { DomainEvent } from '../catalogue';
import type { RecordedEvent } from '../recorded-event';
import type { EventStore } from './port';

export interface AggregatedStream<State, Event extends DomainEvent> {
  state: State;
  /** The events folded, decoded and upcast, oldest first. */
  events: RecordedEvent<Event>[];
  /** Revision of the stream's last event read (-1: no stream): the expected revision to append with. */
  revision: number;
  /** Global position of the stream's last event read (0: no stream). */
  position: number;
  /** Whether the stream has any event at all, folded or recorded after `recordedUpTo`. */
  exists: boolean;
}

export interface AggregateOptions {
  /** Fold only the events recorded at or before this moment (the audit's "as of"). */
  recordedUpTo?: Date;
}

/**
 * Reads one stream and folds it: the one way every command (handleCommand) and the audit
 * replay turn a stream into state. `initial` is a factory, so no state is shared between folds.
 */
export async function aggregateStream<State, Event extends DomainEvent>(
  store: Pick<EventStore, 'readStream'>,
  streamName: string,
  evolve: (state: State, event: RecordedEvent<Event>) => State,
  initial: () => State,
  options: AggregateOptions = {},
): Promise<AggregatedStream<State, Event>> {
  const stored = await store.readStream(streamName);
  return foldStream(
    stored.map((stored) => decodeEvent(stored) as RecordedEvent<Event>),
    evolve,
    initial,
    options,
  );
}

/**
 * The fold of `aggregateStream` over a stream's events already read and decoded (all of them,
 * oldest first): the audit folds one read twice, as of a time and as of now, rather than reading
 * and decoding a long stream twice.
 */
export function foldStream<State, Event extends DomainEvent>(
  all: readonly RecordedEvent<Event>[],
  evolve: (state: State, event: RecordedEvent<Event>) => State,
  initial: () => State,
  options: AggregateOptions = {},
): AggregatedStream<State, Event> {
  const upTo = options.recordedUpTo?.getTime();
  const events = all.filter((event) => upTo === undefined || event.recordedAt.getTime() <= upTo);
  const last = events.at(-1);
  return {
    state: events.reduce(evolve, initial()),
    events,
    revision: last?.streamRevision ?? -1,
    position: last?.position ?? 0,
    exists: all.length > 0,
  };
}
