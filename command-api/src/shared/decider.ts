import type { DomainRefusal } from '@nocturne/domain';
import type { DomainEvent, RecordedEvent } from '@nocturne/events';

/**
 * Every command has one shape: what to do (`type`), with what (`data`), and when it was asked
 * (`metadata.now`, read from the clock by the handler, so deciding never reads one).
 */
export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: { now: Date };
}

/** Builds a command; the handler passes its clock's `now`. */
export const command = <Type extends string, Data>(
  type: Type,
  data: Data,
  now: Date,
): Command<Type, Data> => ({ type, data, metadata: { now } });

/** What deciding yields: the events to append (none: nothing to do), or why not. */
export type Decision<Event extends DomainEvent> = Event[] | DomainRefusal;

/**
 * A decider is plain functions: `decide(command, state) -> events | refusal` and
 * `evolve(state, event) -> state`. No I/O and no throwing: a refusal is a value in the domain's
 * words, mapped to an HTTP status in one place (refusals.ts).
 */
export interface Decider<C extends Command, State, Event extends DomainEvent = DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event | RecordedEvent<Event>) => State;
  decide: (command: C, state: State) => Decision<Event>;
}
