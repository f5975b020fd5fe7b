import {
  accountMessages,
  evolveUser,
  initialUserState,
  refuse,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider, Decision } from '../shared/decider';

export type ChooseEmailDigest = Command<'ChooseEmailDigest', { enabled: boolean }>;

/**
 * A live account turns its daily digest on or off (from the profile, or the mail's unsubscribe
 * link); the same choice again records nothing. An account deleted since its last digest has no
 * digest: its unsubscribe link turns off what is already off.
 */
export function decideEmailDigest(command: ChooseEmailDigest, state: UserState): Decision<UserEvent> {
  if (state.status !== 'registered') {
    return command.data.enabled ? refuse('unauthenticated', accountMessages.notAuthenticated) : [];
  }
  if (state.emailDigest === command.data.enabled) return [];
  return [{ type: 'EmailDigestChosen', data: { enabled: command.data.enabled } }];
}

export const emailDigestDecider: Decider<ChooseEmailDigest, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideEmailDigest,
};
