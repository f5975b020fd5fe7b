import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { Decider } from '../shared/decider';

export type DeleteUser = Record<string, never>;

/**
 * The admin deletes an account: UserDeleted names the account whose encryption key the handler
 * then destroys (crypto-shredding). Its sessions die with it (evolveUser clears them) and the
 * address may sign up again, as a new account with a new key.
 */
export const deleteUserDecider: Decider<DeleteUser, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(_command, state) {
    if (state.status !== 'registered' || !state.accountId) throw new HttpError(404, 'User not found');
    return [{ type: 'UserDeleted', data: { accountId: state.accountId } }];
  },
};
