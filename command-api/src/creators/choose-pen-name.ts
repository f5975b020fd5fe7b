import { creatorMessages, handleOf, penNameProblem, refuse, tidyPenName } from '@nocturne/domain';
import { type CommandContext, streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { httpErrorOf } from '../shared/refusals';
import { creatorDecider, initialCreatorState } from './creator-decider';
import { initialPenNameState, penNameDecider } from './pen-name-decider';

export interface ChosenPenName {
  penName: string;
  handle: string;
  /** Position of the last event appended (or read) for it: read-your-writes. */
  position: number;
}

/** The account's pen name now (null before the first). */
export async function currentPenName(store: EventStore, userKey: string) {
  const { state } = await aggregateStream(
    store,
    streams.creator(userKey),
    creatorDecider.evolve,
    initialCreatorState,
  );
  return state;
}

/**
 * Gives the account this pen name: the name's own stream is claimed first (one account wins a
 * name asked for twice at once: the claim is appended with the revision it was decided on), then
 * the account's choice is recorded, then its former name is freed. A failure between the steps
 * leaves a claim the same account may finish by asking again; nobody else gets the name meanwhile.
 */
export async function choosePenName(
  store: EventStore,
  userKey: string,
  asked: string,
  now: Date,
  context: CommandContext,
): Promise<ChosenPenName> {
  const problem = penNameProblem(asked);
  if (problem) throw httpErrorOf(refuse('invalid', problem));
  const penName = tidyPenName(asked);
  const handle = handleOf(penName);
  const before = await currentPenName(store, userKey);
  const claim = await handleCommand(
    store,
    streams.penName(handle),
    penNameDecider,
    command('ClaimPenName', { userKey, penName, handle }, now),
    context,
  );
  const chosen = await handleCommand(
    store,
    streams.creator(userKey),
    creatorDecider,
    command('ChoosePenName', { userKey, penName, handle }, now),
    context,
  );
  let position = Math.max(claim.position, chosen.position);
  if (before.handle !== null && before.handle !== handle) {
    const released = await handleCommand(
      store,
      streams.penName(before.handle),
      penNameDecider,
      command('ReleasePenName', { userKey, handle: before.handle }, now),
      context,
    );
    position = Math.max(position, released.position);
  }
  return { penName, handle, position };
}

/** The account holding the pen name of this handle; 404 when nobody does. */
export async function creatorKeyOf(store: EventStore, handle: string): Promise<string> {
  const { state } = await aggregateStream(
    store,
    streams.penName(handleOf(handle)),
    penNameDecider.evolve,
    initialPenNameState,
  );
  if (state.holder === null) throw httpErrorOf(refuse('not_found', creatorMessages.notFound));
  return state.holder;
}
