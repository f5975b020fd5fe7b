import { refuse, storyMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import type { CommandApiDeps } from '../deps';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { httpErrorOf } from '../shared/refusals';
import { liveStory } from '../stories/live-story';
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
 * Unlocks a premium story for a user: 404 for an unknown, deleted or free story; 401/402 from
 * the quota decider; otherwise PremiumStoryUnlocked on the user stream (or nothing, if it was
 * unlocked before).
 */
export function createPremiumUnlocker(
  deps: Pick<CommandApiDeps, 'store' | 'notifier' | 'clock'>,
): PremiumUnlocker {
  return async ({ userKey, storyId }) => {
    const story = await liveStory(deps.store, storyId);
    if (!story.isPremium) throw httpErrorOf(refuse('not_found', storyMessages.notFound));
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
    );
    if (result.events.length > 0) deps.notifier.publishAppended(result.position);
    return { position: result.position, alreadyUnlocked: result.events.length === 0 };
  };
}
