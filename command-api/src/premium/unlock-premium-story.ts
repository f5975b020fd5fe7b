import {
  evolveUser,
  initialUserState,
  isLive,
  refuse,
  storyMessages,
  type UserState,
} from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import type { CommandApiDeps } from '../deps';
import { command } from '../shared/decider';
import { handleCommand, loadedFrom, type StateLoader } from '../shared/handle-command';
import { httpErrorOf } from '../shared/refusals';
import { readStory } from '../stories/live-story';
import { unlockDecider } from './unlock-decider';

export interface UnlockInput {
  userKey: string;
  storyId: string;
}

export interface UnlockResult {
  /** Global position of the unlock (or of the user stream's last event when nothing was spent). */
  position: number;
  /** True when the user had unlocked this story before: nothing was spent. */
  alreadyUnlocked: boolean;
}

/** The port query-api calls before it serves a premium story (the one GET that appends). */
export type PremiumUnlocker = (input: UnlockInput) => Promise<UnlockResult>;

/**
 * The user's state, for an unlock of a live premium story (else 404). The append is guarded by
 * the story stream's revision: a story unpublished or deleted meanwhile is read again and
 * refused, so no unlock is ever recorded after its story's withdrawal, whose return (the unlock
 * returner) would then miss it.
 */
function userWhileStoryLive(store: EventStore, userKey: string, storyId: string): StateLoader<UserState> {
  return {
    async load() {
      // Both streams at once: the story's revision guards the append, so reading them in one
      // round trip loses nothing.
      const [story, user] = await Promise.all([
        readStory(store, storyId),
        aggregateStream(store, streams.user(userKey), evolveUser, initialUserState),
      ]);
      if (!isLive(story.state) || !story.state.isPremium)
        throw httpErrorOf(refuse('not_found', storyMessages.notFound));
      return loadedFrom(user, { stream: streams.story(storyId), revision: story.revision });
    },
    stale() {},
  };
}

/**
 * Unlocks a premium story for a user: 404 for an unknown, deleted or free story; 401/402 from
 * the quota decider; otherwise PremiumStoryUnlocked on the user stream (or nothing, if it was
 * unlocked before).
 */
export function createPremiumUnlocker(
  deps: Pick<CommandApiDeps, 'store' | 'notifier' | 'clock'>,
): PremiumUnlocker {
  return async ({ userKey, storyId }) => {
    const result = await handleCommand(
      deps.store,
      streams.user(userKey),
      unlockDecider,
      command('UnlockPremiumStory', { storyId }, deps.clock()),
      {
        correlationId: `unlock:${userKey}:${storyId}`,
        causationId: 'query:premium-story',
        actor: { kind: 'user', userKey },
      },
      { state: userWhileStoryLive(deps.store, userKey, storyId) },
    );
    if (result.events.length > 0) deps.notifier.publishAppended(result.position);
    return { position: result.position, alreadyUnlocked: result.events.length === 0 };
  };
}
