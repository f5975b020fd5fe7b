import type { UserEvent } from '@nocturne/events/domain';
import { STORIES_PER_GRANT } from '@nocturne/events/domain';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { refusalOf } from '../shared/testing/refusal';
import { premiumGrantDecider } from './premium-grant-decider';

const accountId = '5b1f3c2e-8d4a-4f6b-9c1d-2e3f4a5b6c7d';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    accountId,
    email: 'pii:v1:acc:iv:body:tag',
    passwordHash: 'pii:v1:acc:iv:hash:tag',
    ageConfirmedAt: '2025-01-01T00:00:00.000Z',
    verification: { tokenDigest: 'a'.repeat(64), expiresAt: '2025-01-02T00:00:00.000Z' },
  },
};
const granted: UserEvent = { type: 'PremiumGranted', data: { stories: 30 } };
const unlocked = (storyId: string): UserEvent => ({ type: 'PremiumStoryUnlocked', data: { storyId } });

const stateAfter = (given: UserEvent[]) => fold(premiumGrantDecider, given);
const decide = (given: UserEvent[], grant: boolean) =>
  premiumGrantDecider.decide({ grant } as { grant: true }, stateAfter(given));

describe('premium grant decider', () => {
  it('grants 30 premium stories', () => {
    expect(decide([registered], true)).toEqual([{ type: 'PremiumGranted', data: { stories: 30 } }]);
    expect(STORIES_PER_GRANT).toBe(30);
  });

  it('adds a new grant to what remains: grant, 30 unlocks, grant leaves 30', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => unlocked(`story-${i}`));
    const history = [registered, granted, ...thirty];
    expect(stateAfter(history).premiumRemaining).toBe(0);
    const events = decide(history, true);
    const after = stateAfter([...history, ...events]);
    expect(after.isSubscribed).toBe(true);
    expect(after.premiumRemaining).toBe(30);
    expect(after.unlockedStories.size).toBe(30);
  });

  it('revokes premium: no access at all until granted again', () => {
    const events = decide([registered, granted, unlocked('s1')], false);
    expect(events).toEqual([{ type: 'PremiumRevoked', data: {} }]);
    const after = stateAfter([registered, granted, unlocked('s1'), ...events]);
    expect(after.isSubscribed).toBe(false);
    expect(after.premiumRemaining).toBe(0);
  });

  it('revoking a user without premium changes nothing', () => {
    expect(decide([registered], false)).toEqual([]);
    expect(decide([registered, granted, { type: 'PremiumRevoked', data: {} }], false)).toEqual([]);
  });

  it('refuses an unknown or deleted user with a 404', () => {
    expect(refusalOf(() => decide([], true)).status).toBe(404);
    expect(
      refusalOf(() => decide([registered, { type: 'UserDeleted', data: { accountId } }], true)).status,
    ).toBe(404);
    expect(
      refusalOf(() => decide([registered, { type: 'UserDeleted', data: { accountId } }], false)).status,
    ).toBe(404);
  });
});
