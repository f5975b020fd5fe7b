import { creatorMessages, handleOf, penNameProblem, refuse, tidyPenName } from '@nocturne/domain';
import { type CommandContext, streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import { openPersonalField, type PiiVault } from '@nocturne/vault';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { httpErrorOf } from '../shared/refusals';
import { loadUserState } from '../users/load-user';
import { creatorDecider, initialCreatorState } from './creator-decider';
import { initialPenNameState, penNameDecider } from './pen-name-decider';

export interface ChosenPenName {
  penName: string;
  handle: string;
  /** Position of the last event appended (or read) for it: read-your-writes. */
  position: number;
}

/** The account's pen name now, as recorded (sealed, or plain when older; null before the first). */
export async function currentPenName(store: EventStore, userKey: string) {
  const { state } = await aggregateStream(
    store,
    streams.creator(userKey),
    creatorDecider.evolve,
    initialCreatorState,
  );
  return state;
}

/** The handle of the account's pen name now, opened (null before the first, or once erased). */
export async function currentHandle(
  deps: { store: EventStore; vault: PiiVault },
  userKey: string,
): Promise<string | null> {
  const { handle } = await currentPenName(deps.store, userKey);
  return handle === null ? null : openPersonalField(deps.vault, handle);
}

/**
 * Gives the account this pen name: the name's own stream is claimed first (one account wins a
 * name asked for twice at once: the claim is appended with the revision it was decided on), then
 * the account's choice is recorded, sealed under its key, then its former name is freed. A
 * failure between the steps leaves a claim the same account may finish by asking again; nobody
 * else gets the name meanwhile.
 */
export async function choosePenName(
  deps: { store: EventStore; vault: PiiVault },
  userKey: string,
  asked: string,
  now: Date,
  context: CommandContext,
): Promise<ChosenPenName> {
  const { store, vault } = deps;
  const problem = penNameProblem(asked);
  if (problem) throw httpErrorOf(refuse('invalid', problem));
  const penName = tidyPenName(asked);
  const handle = handleOf(penName);
  const { accountId } = await loadUserState(store, userKey);
  if (!accountId) throw httpErrorOf(refuse('not_found', creatorMessages.notFound));
  const before = await currentHandle(deps, userKey);
  const claim = await handleCommand(
    store,
    streams.penName(handle),
    penNameDecider,
    command('ClaimPenName', { userKey }, now),
    context,
  );
  const chosen = await handleCommand(
    store,
    streams.creator(userKey),
    creatorDecider,
    async (state) => {
      const current = state.penName === null ? null : await openPersonalField(vault, state.penName);
      // Sealed only for a change: the same name asked again leaves nothing behind.
      const sealed =
        current === penName
          ? null
          : {
              penName: await vault.encrypt(accountId, penName),
              handle: await vault.encrypt(accountId, handle),
            };
      return command('ChoosePenName', { userKey, penName, current, sealed }, now);
    },
    context,
  );
  let position = Math.max(claim.position, chosen.position);
  if (before !== null && before !== handle) {
    const released = await releasePenName(store, userKey, before, now, context);
    position = Math.max(position, released);
  }
  return { penName, handle, position };
}

/** Frees the account's hold on a handle (nothing when it holds it no longer); the position. */
export async function releasePenName(
  store: EventStore,
  userKey: string,
  handle: string,
  now: Date,
  context: CommandContext,
): Promise<number> {
  const released = await handleCommand(
    store,
    streams.penName(handle),
    penNameDecider,
    command('ReleasePenName', { userKey }, now),
    context,
  );
  return released.position;
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
