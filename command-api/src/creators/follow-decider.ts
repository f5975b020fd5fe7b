import { creatorMessages, refuse } from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type FollowEvent = EventOf<'CreatorFollowed' | 'CreatorUnfollowed'>;

/** One `follow-{followerKey}-{creatorKey}` stream. */
export interface FollowState {
  following: boolean;
}

type Pair = { followerKey: string; creatorKey: string };
export type FollowCreator = Command<'FollowCreator', Pair>;
export type UnfollowCreator = Command<'UnfollowCreator', Pair>;
export type FollowCommand = FollowCreator | UnfollowCreator;

export const initialFollowState = (): FollowState => ({ following: false });

export function evolveFollow(
  state: FollowState,
  event: FollowEvent | RecordedEvent<FollowEvent>,
): FollowState {
  switch (event.type) {
    case 'CreatorFollowed':
      return { following: true };
    case 'CreatorUnfollowed':
      return { following: false };
  }
  return state;
}

/** Following again, or unfollowing twice, changes nothing (a double tap is not an error). */
export function decideFollow(command: FollowCommand, state: FollowState): Decision<FollowEvent> {
  const { followerKey, creatorKey } = command.data;
  if (followerKey === creatorKey) return refuse('invalid', creatorMessages.followSelf);
  switch (command.type) {
    case 'FollowCreator':
      return state.following ? [] : [{ type: 'CreatorFollowed', data: { followerKey, creatorKey } }];
    case 'UnfollowCreator':
      return state.following ? [{ type: 'CreatorUnfollowed', data: { followerKey, creatorKey } }] : [];
  }
}

export const followDecider: Decider<FollowCommand, FollowState, FollowEvent> = {
  initialState: initialFollowState,
  evolve: evolveFollow,
  decide: decideFollow,
};
