import { refuse } from '@nocturne/domain';
import type { EventData, EventOf } from '@nocturne/events';
import type { Command, Decider } from '../shared/decider';

export type StartAgeCheck = Command<'StartAgeCheck', EventData<'AgeCheckStarted'>>;
export type AnswerAgeCheck = Command<'AnswerAgeCheck', EventData<'AgeCheckAnswered'>>;
export type AgeCheckEvent = EventOf<'AgeCheckStarted'> | EventOf<'AgeCheckAnswered'>;

export type AgeCheckState =
  | { status: 'none' }
  | ({ status: 'pending' } & EventData<'AgeCheckStarted'>)
  | ({ status: 'answered' } & EventData<'AgeCheckStarted'> & EventData<'AgeCheckAnswered'>);

export const checkAlreadyAnswered = 'This age check has already been answered; start a new check.';
export const checkExpired = 'This age check has expired; start a new check.';
export const checkNotFound = 'No such age check.';

/**
 * One age check (`age_check-{id}`): started once, answered once. The answer is decided on the
 * stream as read and appended at that revision, so of two answers at once (a replayed
 * presentation, in any process) one is stored and the other refused.
 */
export const ageCheckDecider: Decider<StartAgeCheck | AnswerAgeCheck, AgeCheckState, AgeCheckEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'AgeCheckStarted') return { status: 'pending', ...event.data };
    if (state.status === 'none') return state;
    return { ...state, status: 'answered', ...event.data };
  },
  decide(command, state) {
    if (command.type === 'StartAgeCheck') {
      return state.status === 'none' ? [{ type: 'AgeCheckStarted', data: command.data }] : [];
    }
    if (state.status === 'none') return refuse('not_found', checkNotFound);
    if (state.status === 'answered') return refuse('conflict', checkAlreadyAnswered);
    if (Date.parse(state.expiresAt) <= command.metadata.now.getTime())
      return refuse('conflict', checkExpired);
    return [{ type: 'AgeCheckAnswered', data: command.data }];
  },
};
