import {
  evolveUser,
  initialUserState,
  refuse,
  storyMessages,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider, Decision } from '../shared/decider';

export type UnlockPremiumStory = Command<'UnlockPremiumStory', { storyId: string }>;

/**
 * The premium quota, decided on the user stream: a premium member re-reads a
 * story unlocked once for free (no event); otherwise a premium member with stories left spends one.
 * Without premium (never granted, or revoked) every premium story is refused, unlocked or not,
 * until premium is granted again. Appended with the stream's expected revision, so concurrent
 * opens are decided one after the other and can never spend more than remain.
 */
export function decideUnlock({ data }: UnlockPremiumStory, state: UserState): Decision<UserEvent> {
  if (state.status !== 'registered') return refuse('unauthenticated', storyMessages.loginRequired);
  if (!state.isPremiumMember) return refuse('payment_required', storyMessages.premiumRequired);
  if (state.unlockedStories.has(data.storyId)) return [];
  if (state.premiumRemaining <= 0) return refuse('payment_required', storyMessages.noneRemaining);
  return [{ type: 'PremiumStoryUnlocked', data: { storyId: data.storyId } }];
}

export const unlockDecider: Decider<UnlockPremiumStory, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUnlock,
};
