import {
  evolveUser,
  initialUserState,
  refuse,
  type StoryWithdrawal,
  storyMessages,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider, Decision } from '../shared/decider';

export type UnlockPremiumStory = Command<'UnlockPremiumStory', { storyId: string }>;
/**
 * The system gives a reader's unlock back: `withdrawal` is how the story left, as its own
 * stream says (null while it is still published).
 */
export type ReturnPremiumUnlock = Command<
  'ReturnPremiumUnlock',
  { storyId: string; withdrawal: StoryWithdrawal | null }
>;
export type PremiumCommand = UnlockPremiumStory | ReturnPremiumUnlock;

/** Refusals of a return: the system's own command, never shown to a person. */
export const unlockReturnMessages = {
  notUnlocked: 'The reader has not unlocked this story.',
  stillPublished: 'The story is still published: its unlock stays spent.',
} as const;

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

/**
 * A withdrawn story's unlock goes back to the reader's quota, once: the story must be unlocked
 * now (a second return finds it returned, and decides nothing), and withdrawn for good.
 */
export function decideReturn({ data }: ReturnPremiumUnlock, state: UserState): Decision<UserEvent> {
  if (state.unlockedStories.has(data.storyId)) {
    if (data.withdrawal === null) return refuse('conflict', unlockReturnMessages.stillPublished);
    return [{ type: 'PremiumUnlockReturned', data: { storyId: data.storyId, reason: data.withdrawal } }];
  }
  if (state.returnedStories.has(data.storyId)) return [];
  return refuse('not_found', unlockReturnMessages.notUnlocked);
}

export const unlockDecider: Decider<PremiumCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: (command, state) =>
    command.type === 'UnlockPremiumStory' ? decideUnlock(command, state) : decideReturn(command, state),
};
