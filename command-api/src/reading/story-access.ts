import { isLive, type StoryState, type UserState } from '@nocturne/domain';
import type { StoryAccess } from './reading-decider';

/**
 * The reading rules of the story routes, in one place: a live free story is readable by any
 * reader; a live premium story only by a premium member who has unlocked it (opening it is what
 * unlocks it, so a reader never records progress on a story they could not open).
 */
export function storyAccess(story: StoryState, reader: UserState, storyId: string): StoryAccess {
  if (!isLive(story)) return 'not_found';
  if (!story.isPremium) return 'readable';
  return reader.isPremiumMember && reader.unlockedStories.has(storyId) ? 'readable' : 'premium_required';
}
