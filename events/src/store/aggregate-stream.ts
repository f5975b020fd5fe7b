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
  /** Fold only the events at global positions above this one (what came before belongs to someone else). */
  after?: number;
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
  const upTo = options.recordedUpTo?.getTime();
  const after = options.after ?? 0;
  const stored = await store.readStream(streamName);
  const events = stored
    .map((stored) => decodeEvent(stored) as RecordedEvent<Event>)
    .filter((event) => event.position > after && (upTo === undefined || event.recordedAt.getTime() <= upTo));
  const last = events.at(-1);
  return {
    state: events.reduce(evolve, initial()),
    events,
    revision: last?.streamRevision ?? -1,
    position: last?.position ?? 0,
    exists: stored.length > 0,
  };
}
