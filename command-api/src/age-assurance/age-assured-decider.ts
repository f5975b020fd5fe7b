import type { EventData, EventOf } from '@nocturne/events';
import type { Command, Decider } from '../shared/decider';

export type RecordAgeAssured = Command<'RecordAgeAssured', EventData<'AgeAssured'>>;

/**
 * A member's assurance on their user stream: appended while the account exists (an account
 * deleted while its check was open gets nothing).
 */
export const ageAssuredDecider: Decider<RecordAgeAssured, { exists: boolean }, EventOf<'AgeAssured'>> = {
  initialState: () => ({ exists: false }),
  evolve: (state, event) => {
    const type = (event as { type: string }).type;
    if (type === 'UserRegistered') return { exists: true };
    if (type === 'UserDeleted') return { exists: false };
    return state;
  },
  decide: (command, state) => (state.exists ? [{ type: 'AgeAssured', data: command.data }] : []),
};
