import { HttpError } from '@nocturne/events';
import type { Decider } from '../shared/decider';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '../users/user-state';

/** One purchase grants 30 premium stories of the user's choice (spec.md section 9). */
export const STORIES_PER_GRANT = 30;

export type SetPremium = { grant: true } | { grant: false };

/**
 * The admin turns premium on (adds 30 stories to what remains) or off (no premium access at
 * all until granted again). Revoking a user who has no premium changes nothing.
 */
export const premiumGrantDecider: Decider<SetPremium, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    if (state.status !== 'registered') throw new HttpError(404, 'User not found');
    if (command.grant) return [{ type: 'PremiumGranted', data: { stories: STORIES_PER_GRANT } }];
    if (!state.isSubscribed && state.premiumRemaining === 0) return [];
    return [{ type: 'PremiumRevoked', data: {} }];
  },
};
