import {
  accountMessages,
  evolveUser,
  initialUserState,
  refuse,
  STORIES_PER_GRANT,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider } from '../shared/decider';

export type SetPremium = Command<'SetPremium', { grant: boolean }>;

/**
 * The admin turns premium on (adds 30 stories to what remains) or off (no premium access at
 * all until granted again). Revoking a user who has no premium changes nothing.
 */
export const grantDecider: Decider<SetPremium, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    if (state.status !== 'registered') return refuse('not_found', accountMessages.userNotFound);
    if (command.data.grant) return [{ type: 'PremiumGranted', data: { stories: STORIES_PER_GRANT } }];
    if (!state.isPremiumMember && state.premiumRemaining === 0) return [];
    return [{ type: 'PremiumRevoked', data: {} }];
  },
};
