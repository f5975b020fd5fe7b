import { creatorMessages, refuse } from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type PenNameEvent = EventOf<'PenNameClaimed' | 'PenNameReleased'>;

/** One `pen_name-{digest}` stream: who holds the name now (null: free). */
export interface PenNameState {
  holder: string | null;
}

export type ClaimPenName = Command<'ClaimPenName', { userKey: string }>;
export type ReleasePenName = Command<'ReleasePenName', { userKey: string }>;
export type PenNameCommand = ClaimPenName | ReleasePenName;

export const initialPenNameState = (): PenNameState => ({ holder: null });

export function evolvePenName(
  state: PenNameState,
  event: PenNameEvent | RecordedEvent<PenNameEvent>,
): PenNameState {
  switch (event.type) {
    case 'PenNameClaimed':
      return { holder: event.data.userKey };
    case 'PenNameReleased':
      return event.data.userKey === state.holder ? { holder: null } : state;
  }
}

/**
 * A name is one account's at a time. The claim is appended with the revision it was decided on,
 * so of two accounts claiming a free name at once one is stored and the other, decided again on
 * the stream as it is now, is refused. The stream is the handle's, so how its holder writes the
 * name ("night owl" or "Night Owl") is the account's choice alone (creator-decider.ts).
 */
export function decidePenName(command: PenNameCommand, state: PenNameState): Decision<PenNameEvent> {
  switch (command.type) {
    case 'ClaimPenName': {
      const { userKey } = command.data;
      if (state.holder === userKey) return [];
      if (state.holder !== null) return refuse('conflict', creatorMessages.penNameTaken);
      return [{ type: 'PenNameClaimed', data: { userKey } }];
    }
    case 'ReleasePenName': {
      const { userKey } = command.data;
      if (state.holder !== userKey) return [];
      return [{ type: 'PenNameReleased', data: { userKey } }];
    }
  }
}

export const penNameDecider: Decider<PenNameCommand, PenNameState, PenNameEvent> = {
  initialState: initialPenNameState,
  evolve: evolvePenName,
  decide: decidePenName,
};
