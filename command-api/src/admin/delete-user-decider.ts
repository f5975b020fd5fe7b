import {
  accountMessages,
  evolveUser,
  initialUserState,
  refuse,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider } from '../shared/decider';

export type DeleteUser = Command<'DeleteUser', Record<string, never>>;

/**
 * The admin deletes an account: UserDeleted names the account whose encryption key the handler
 * then destroys (crypto-shredding). Its sessions die with it (evolveUser clears them) and the
 * address may sign up again, as a new account with a new key.
 */
export const deleteUserDecider: Decider<DeleteUser, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(_command, state) {
    if (state.status !== 'registered' || !state.accountId)
      return refuse('not_found', accountMessages.userNotFound);
    return [{ type: 'UserDeleted', data: { accountId: state.accountId } }];
  },
};
