import {
  evolveUser,
  initialUserState,
  storyMessages,
  type UserEvent,
  type UserState,
} from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { Decider } from '../shared/decider';

export interface UnlockPremiumStory {
  type: 'UnlockPremiumStory';
  storyId: string;
}

/**
 * The premium quota (design.md section 7), decided on the user stream: a subscriber re-reads a
 * story unlocked once for free (no event); otherwise a subscriber with stories left spends one.
 * Without premium (never granted, or revoked) every premium story is refused, unlocked or not,
 * until premium is granted again. Appended with the stream's expected revision, so concurrent
 * opens are decided one after the other and can never spend more than remain.
 */
export function decideUnlock(command: UnlockPremiumStory, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw new HttpError(401, storyMessages.loginRequired);
  if (!state.isSubscribed) throw new HttpError(402, storyMessages.premiumRequired);
  if (state.unlockedStories.has(command.storyId)) return [];
  if (state.premiumRemaining <= 0) throw new HttpError(402, storyMessages.noneRemaining);
  return [{ type: 'PremiumStoryUnlocked', data: { storyId: command.storyId } }];
}

export const premiumDecider: Decider<UnlockPremiumStory, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUnlock,
};
