import type { CommandContext, DomainEvent, RecordedEvent } from '@nocturne/events';
import { encodeEvent, idempotentId } from '@nocturne/events';
import {
  type AggregatedStream,
  type AppendGuard,
  aggregateStream,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedRevisionError,
} from '@nocturne/events/store';
import { propagation, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Command, Decider } from './decider';
import { eventsOrThrow } from './refusals';

export interface CommandResult<State> {
  /** Events appended by this command (empty when the decision was to do nothing). */
  events: DomainEvent[];
  state: State;
  /** Global position of the last appended event, or of the stream's last event if none. */
  position: number;
  nextRevision: number;
}

/**
 * The state a command decides on, when it is not its own stream's (a like decides on the story,
 * and appends to the story's likes): what `load` gives, and how the append is guarded so that
 * the state still held when the events were stored.
 */
export interface LoadedState<State> {
  state: State;
  /** Of the stream the state was folded from. */
  position: number;
  revision: number;
  /** The revision the command's own stream is appended at. */
  expected: ExpectedRevision;
  /** Stored only if this stream is still at this revision; else the state is loaded again. */
  guard?: AppendGuard;
}

export interface StateLoader<State> {
  load(): Promise<LoadedState<State>>;
  /** The append's guard failed: what `loaded` gave is stale, and is not given again. */
  stale(loaded: LoadedState<State>): void;
}

/**
 * A folded stream as the state to decide on, appended to at the revision that was read; with
 * `guard`, stored only while that other stream holds too.
 */
export function loadedFrom<State>(
  folded: Pick<AggregatedStream<State, DomainEvent>, 'state' | 'position' | 'revision'>,
  guard?: AppendGuard,
): LoadedState<State> {
  const { state, position, revision } = folded;
  return {
    state,
    position,
    revision,
    expected: revision >= 0 ? revision : 'no_stream',
    ...(guard ? { guard } : {}),
  };
}

/**
 * Load the stream, fold it, decide, append with the revision that was read. If another writer
 * got in between, the store refuses (WrongExpectedRevisionError) and the command is decided
 * again on the fresh state, so a rule such as the premium quota can never be overspent.
 * A refusal is thrown as its HttpError (refusals.ts); nothing is written then.
 * A command that needs something worked out from the state first (such as opening sealed fields
 * with the vault) is given as a function of the state, so each attempt builds it afresh.
 *
 * With an Idempotency-Key (context.idempotencyKey) the event ids are derived from it and the
 * stream (unless the caller chose them: chosenId derives those too), and an action whose events
 * the stream already holds is answered from them, as it was the first time: nothing is decided
 * or appended again, so a retry after an answer that never arrived stores nothing twice.
 */
export async function handleCommand<C extends Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Decider<C, State, Event>,
  command: C | ((state: State) => Promise<C>),
  context: CommandContext,
  options: {
    maxAttempts?: number;
    eventIds?: (index: number) => string;
    /** Where the state comes from, when not from `streamName` itself. */
    state?: StateLoader<State>;
  } = {},
): Promise<CommandResult<State>> {
  const maxAttempts = options.maxAttempts ?? 50;
  const key = context.idempotencyKey;
  const eventIds =
    options.eventIds ?? (key === undefined ? undefined : (i: number) => idempotentId(key, streamName, i));
  for (let attempt = 1; ; attempt++) {
    let loaded: LoadedState<State>;
    if (options.state) {
      // A loaded state's stream is not the one appended to: a retried action is recognised by
      // the store, which answers an event id it holds with the event it holds.
      loaded = await options.state.load();
    } else {
      const current = await aggregateStream(store, streamName, decider.evolve, decider.initialState);
      if (key !== undefined && eventIds) {
        const earlier = answeredBefore(current, eventIds, decider);
        if (earlier) return earlier;
      }
      loaded = loadedFrom(current);
    }
    const decided = typeof command === 'function' ? await command(loaded.state) : command;
    const events = eventsOrThrow(decider.decide(decided, loaded.state));
    if (events.length === 0) {
      return { events, state: loaded.state, position: loaded.position, nextRevision: loaded.revision };
    }
    try {
      const append = () =>
        store.append(
          streamName,
          events.map((event, i) => encodeEvent(event, context, eventIds?.(i))),
          loaded.expected,
          loaded.guard,
        );
      const result =
        context.traceparent === undefined
          ? await append()
          : await tracedAppend(streamName, context.traceparent, append);
      return { events, state: events.reduce(decider.evolve, loaded.state), ...result };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      if (loaded.guard && error.streamName === loaded.guard.stream) {
        options.state?.stale(loaded);
        continue;
      }
      // Back off a little, with jitter, so that many writers on one stream spread out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
    }
  }
}

/**
 * The API's proxy: it finds the provider at the first span after tracing has registered one (it
 * is registered after this module loads), and keeps it.
 */
const appendTracer = trace.getTracer('nocturne-command-api');

/**
 * The append as a span of the request's trace (`traceparent`, the request's span): its stream's
 * category and the position it got.
 */
async function tracedAppend<R extends { position: number }>(
  streamName: string,
  traceparent: string,
  append: () => Promise<R>,
): Promise<R> {
  const span = appendTracer.startSpan(
    'append',
    { attributes: { 'nocturne.stream_category': streamName.split('-')[0] ?? streamName } },
    propagation.extract(ROOT_CONTEXT, { traceparent }),
  );
  try {
    const result = await append();
    span.setAttribute('nocturne.position', result.position);
    return result;
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * The result of the action whose events (ids `eventIds(0)`, `eventIds(1)`, ...) the stream
 * already holds, as its first run returned it; undefined when it holds none of them.
 */
function answeredBefore<State, Event extends DomainEvent>(
  current: AggregatedStream<State, Event>,
  eventIds: (index: number) => string,
  decider: Pick<Decider<never, State, Event>, 'evolve' | 'initialState'>,
): CommandResult<State> | undefined {
  const first = current.events.findIndex((event) => event.eventId === eventIds(0));
  if (first < 0) return undefined;
  let last = first;
  while (current.events[last + 1]?.eventId === eventIds(last + 1 - first)) last += 1;
  const mine: RecordedEvent<Event>[] = current.events.slice(first, last + 1);
  const end = mine.at(-1)!;
  return {
    events: mine,
    state: current.events.slice(0, last + 1).reduce(decider.evolve, decider.initialState()),
    position: end.position,
    nextRevision: end.streamRevision,
  };
}
