import {
  evolveUser,
  initialUserState,
  STORIES_PER_GRANT,
  type UserEvent,
  type UserState,
} from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { Decider } from '../shared/decider';

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
