import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type CreatorEvent = EventOf<'PenNameChosen'>;

/**
 * One `creator-{userKey}` stream: the account's pen name and handle as recorded (sealed, or plain
 * text in choices recorded before they were sealed; open them with `openPersonalField`), null
 * before the first.
 */
export interface CreatorState {
  penName: string | null;
  handle: string | null;
}

/**
 * Recorded once the name's own stream holds the claim (choose-pen-name.ts). `current` is the
 * account's name now, opened by the handler; `sealed` the name and handle sealed under the
 * account's key, sealed only when the choice is a change.
 */
export type ChoosePenName = Command<
  'ChoosePenName',
  {
    userKey: string;
    penName: string;
    current: string | null;
    sealed: { penName: string; handle: string } | null;
  }
>;

export const initialCreatorState = (): CreatorState => ({ penName: null, handle: null });

export function evolveCreator(
  state: CreatorState,
  event: CreatorEvent | RecordedEvent<CreatorEvent>,
): CreatorState {
  switch (event.type) {
    case 'PenNameChosen': {
      const { penName, handle, legacyPenName, legacyHandle } = event.data;
      return { penName: penName ?? legacyPenName ?? null, handle: handle ?? legacyHandle ?? null };
    }
  }
  return state;
}

export function decideCreator(command: ChoosePenName, _state: CreatorState): Decision<CreatorEvent> {
  const { userKey, penName, current, sealed } = command.data;
  if (current === penName || sealed === null) return [];
  return [{ type: 'PenNameChosen', data: { userKey, penName: sealed.penName, handle: sealed.handle } }];
}

export const creatorDecider: Decider<ChoosePenName, CreatorState, CreatorEvent> = {
  initialState: initialCreatorState,
  evolve: evolveCreator,
  decide: decideCreator,
};
