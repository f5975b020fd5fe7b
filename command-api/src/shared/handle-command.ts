import {
  type CommandContext,
  type DomainEvent,
  decodeEvent,
  encodeEvent,
  type RecordedEvent,
} from '@nocturne/events';
import { type EventStore, WrongExpectedRevisionError } from '@nocturne/events/store';
import { type Decider, fold } from './decider';

export interface CommandResult<State> {
  /** Events appended by this command (empty when the decision was to do nothing). */
  events: DomainEvent[];
  state: State;
  /** Global position of the last appended event, or of the stream's last event if none. */
  position: number;
  nextRevision: number;
}

/**
 * Load the stream, fold it, decide, append with the revision that was read. If another writer
 * got in between, the store refuses (WrongExpectedRevisionError) and the command is decided
 * again on the fresh state, so a rule such as the premium quota can never be overspent.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
  options: { maxAttempts?: number; eventIds?: (index: number) => string } = {},
): Promise<CommandResult<State>> {
  const maxAttempts = options.maxAttempts ?? 50;
  for (let attempt = 1; ; attempt++) {
    const stored = await store.readStream(streamName);
    const history = stored.map((e) => decodeEvent(e) as RecordedEvent<Event>);
    const state = fold(decider, history);
    const events = decider.decide(command, state);
    const last = history.at(-1);
    if (events.length === 0) {
      return { events, state, position: last?.position ?? 0, nextRevision: last?.streamRevision ?? -1 };
    }
    try {
      const result = await store.append(
        streamName,
        events.map((event, i) => encodeEvent(event, context, options.eventIds?.(i))),
        last ? last.streamRevision : 'no_stream',
      );
      return { events, state: events.reduce(decider.evolve, state), ...result };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      // Back off a little, with jitter, so that many writers on one stream spread out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
    }
  }
}
