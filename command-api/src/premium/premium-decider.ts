import { HttpError } from '@nocturne/events';
import type { Decider } from '../shared/decider';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '../users/user-state';

export interface UnlockPremiumStory {
  type: 'UnlockPremiumStory';
  storyId: string;
}

export const LOGIN_REQUIRED = 'Login required for premium stories';
export const PREMIUM_REQUIRED =
  'Premium access is required to read this story. Please purchase premium to continue.';
export const NONE_REMAINING = 'No premium stories remaining. Please purchase more to continue reading.';

/**
 * The premium quota (design.md section 7), decided on the user stream: a subscriber re-reads a
 * story unlocked once for free (no event); otherwise a subscriber with stories left spends one.
 * Without premium (never granted, or revoked) every premium story is refused, unlocked or not,
 * until premium is granted again. Appended with the stream's expected revision, so concurrent
 * opens are decided one after the other and can never spend more than remain.
 */
export function decideUnlock(command: UnlockPremiumStory, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw new HttpError(401, LOGIN_REQUIRED);
  if (!state.isSubscribed) throw new HttpError(402, PREMIUM_REQUIRED);
  if (state.unlockedStories.has(command.storyId)) return [];
  if (state.premiumRemaining <= 0) throw new HttpError(402, NONE_REMAINING);
  return [{ type: 'PremiumStoryUnlocked', data: { storyId: command.storyId } }];
}

export const premiumDecider: Decider<UnlockPremiumStory, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUnlock,
};
