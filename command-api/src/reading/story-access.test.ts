import { initialUserState, type StoryState } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { storyAccess } from './story-access';

const free: StoryState = { status: 'published', isPremium: false, tags: [], slideCount: 3 };
const premium: StoryState = { status: 'published', isPremium: true, tags: [], slideCount: 3 };
const visitor = initialUserState();
const subscriber = (unlocked: string[]) => ({
  ...visitor,
  isSubscribed: true,
  unlockedStories: new Set(unlocked),
});

describe('who may read a story, for the reading routes', () => {
  it('anyone reads a live free story; a story never published or deleted is unknown', () => {
    expect(storyAccess(free, visitor, 's')).toBe('readable');
    expect(storyAccess({ status: 'none', isPremium: false, tags: [], slideCount: 3 }, visitor, 's')).toBe(
      'not_found',
    );
    expect(
      storyAccess({ status: 'deleted', isPremium: true, tags: [], slideCount: 3 }, subscriber(['s']), 's'),
    ).toBe('not_found');
  });

  it('a premium story only for a subscriber who unlocked it', () => {
    expect(storyAccess(premium, subscriber(['s']), 's')).toBe('readable');
    expect(storyAccess(premium, subscriber([]), 's')).toBe('premium_required');
    expect(storyAccess(premium, { ...subscriber(['s']), isSubscribed: false }, 's')).toBe('premium_required');
  });
});
