import { creatorMessages, refuse } from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type PenNameEvent = EventOf<'PenNameClaimed' | 'PenNameReleased'>;

/** One `pen_name-{digest}` stream: who holds the name now (null: free). */
export interface PenNameState {
  holder: string | null;
  penName: string | null;
}

export type ClaimPenName = Command<'ClaimPenName', { userKey: string; penName: string; handle: string }>;
export type ReleasePenName = Command<'ReleasePenName', { userKey: string; handle: string }>;
export type PenNameCommand = ClaimPenName | ReleasePenName;

export const initialPenNameState = (): PenNameState => ({ holder: null, penName: null });

export function evolvePenName(
  state: PenNameState,
  event: PenNameEvent | RecordedEvent<PenNameEvent>,
): PenNameState {
  switch (event.type) {
    case 'PenNameClaimed':
      return { holder: event.data.userKey, penName: event.data.penName };
    case 'PenNameReleased':
      return event.data.userKey === state.holder ? { holder: null, penName: null } : state;
  }
}

/**
 * A name is one account's at a time. The claim is appended with the revision it was decided on,
 * so of two accounts claiming a free name at once one is stored and the other, decided again on
 * the stream as it is now, is refused.
 */
export function decidePenName(command: PenNameCommand, state: PenNameState): Decision<PenNameEvent> {
  switch (command.type) {
    case 'ClaimPenName': {
      const { userKey, penName, handle } = command.data;
      if (state.holder !== null && state.holder !== userKey)
        return refuse('conflict', creatorMessages.penNameTaken);
      // The holder may change how the name is written ("night owl" to "Night Owl").
      if (state.holder === userKey && state.penName === penName) return [];
      return [{ type: 'PenNameClaimed', data: { handle, penName, userKey } }];
    }
    case 'ReleasePenName': {
      const { userKey, handle } = command.data;
      if (state.holder !== userKey) return [];
      return [{ type: 'PenNameReleased', data: { handle, userKey } }];
    }
  }
}

export const penNameDecider: Decider<PenNameCommand, PenNameState, PenNameEvent> = {
  initialState: initialPenNameState,
  evolve: evolvePenName,
  decide: decidePenName,
};
