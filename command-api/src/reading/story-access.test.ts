import { initialStoryState, initialUserState, type StoryState } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { storyAccess } from './story-access';

const free: StoryState = {
  ...initialStoryState(),
  status: 'published',
  isPremium: false,
  tags: [],
  slideCount: 3,
  hidden: false,
};
const premium: StoryState = {
  ...initialStoryState(),
  status: 'published',
  isPremium: true,
  tags: [],
  slideCount: 3,
  hidden: false,
};
const visitor = initialUserState();
const premiumMember = (unlocked: string[]) => ({
  ...visitor,
  isPremiumMember: true,
  unlockedStories: new Set(unlocked),
});

describe('who may read a story, for the reading routes', () => {
  it('anyone reads a live free story; a story never published or deleted is unknown', () => {
    expect(storyAccess(free, visitor, 's')).toBe('readable');
    expect(
      storyAccess(
        { ...initialStoryState(), status: 'none', isPremium: false, tags: [], slideCount: 3, hidden: false },
        visitor,
        's',
      ),
    ).toBe('not_found');
    expect(
      storyAccess(
        {
          ...initialStoryState(),
          status: 'deleted',
          isPremium: true,
          tags: [],
          slideCount: 3,
          hidden: false,
        },
        premiumMember(['s']),
        's',
      ),
    ).toBe('not_found');
    // Hidden by a moderator: not readable, whoever unlocked it before.
    expect(storyAccess({ ...premium, hidden: true }, premiumMember(['s']), 's')).toBe('not_found');
  });

  it('a premium story only for a premium member who unlocked it', () => {
    expect(storyAccess(premium, premiumMember(['s']), 's')).toBe('readable');
    expect(storyAccess(premium, premiumMember([]), 's')).toBe('premium_required');
    expect(storyAccess(premium, { ...premiumMember(['s']), isPremiumMember: false }, 's')).toBe(
      'premium_required',
    );
  });
});
