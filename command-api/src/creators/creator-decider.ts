import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type CreatorEvent = EventOf<'PenNameChosen'>;

/** One `creator-{userKey}` stream: the account's pen name (null before the first). */
export interface CreatorState {
  penName: string | null;
  handle: string | null;
}

/** Recorded once the name's own stream holds the claim (choose-pen-name.ts). */
export type ChoosePenName = Command<'ChoosePenName', { userKey: string; penName: string; handle: string }>;

export const initialCreatorState = (): CreatorState => ({ penName: null, handle: null });

export function evolveCreator(
  state: CreatorState,
  event: CreatorEvent | RecordedEvent<CreatorEvent>,
): CreatorState {
  switch (event.type) {
    case 'PenNameChosen':
      return { penName: event.data.penName, handle: event.data.handle };
  }
  return state;
}

export function decideCreator(command: ChoosePenName, state: CreatorState): Decision<CreatorEvent> {
  const { userKey, penName, handle } = command.data;
  if (state.penName === penName) return [];
  return [{ type: 'PenNameChosen', data: { userKey, penName, handle } }];
}

export const creatorDecider: Decider<ChoosePenName, CreatorState, CreatorEvent> = {
  initialState: initialCreatorState,
  evolve: evolveCreator,
  decide: decideCreator,
};
