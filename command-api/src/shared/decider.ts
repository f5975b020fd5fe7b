import type { DomainEvent, RecordedEvent } from '@nocturne/events';

/**
 * A decider is plain functions: `decide(command, state) -> events` (throwing HttpError to
 * refuse) and `evolve(state, event) -> state`. No I/O: whatever a decision needs (clock,
 * hashes, random tokens) is already in the command.
 */
export interface Decider<Command, State, Event extends DomainEvent = DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event | RecordedEvent<Event>) => State;
  decide: (command: Command, state: State) => Event[];
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly (Event | RecordedEvent<Event>)[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
