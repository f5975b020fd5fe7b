import { accountMessages, refuse, STORIES_PER_GRANT, type UserEvent } from '@nocturne/domain';
import { TEST_ACCOUNT_ID as accountId, userRegistered } from '@nocturne/events/testing';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { grantDecider } from './grant-decider';

const given = deciderSpec(grantDecider);
const registered = userRegistered();
const granted: UserEvent = { type: 'PremiumGranted', data: { stories: 30 } };
const revoked: UserEvent = { type: 'PremiumRevoked', data: {} };
const deleted: UserEvent = { type: 'UserDeleted', data: { accountId } };
const unlocked = (storyId: string): UserEvent => ({ type: 'PremiumStoryUnlocked', data: { storyId } });
const setPremium = (grant: boolean) => command('SetPremium', { grant }, new Date('2025-01-10T12:00:00.000Z'));

describe('premium grant decider', () => {
  it('grants 30 premium stories', () => {
    given(registered).when(setPremium(true)).thenEvents([granted]);
    expect(STORIES_PER_GRANT).toBe(30);
  });

  it('adds a new grant to what remains: grant, 30 unlocks, grant leaves 30', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => unlocked(`story-${i}`));
    const spec = given(registered, granted, ...thirty);
    expect(spec.state.premiumRemaining).toBe(0);
    const after = spec.when(setPremium(true)).thenEvents([granted]);
    expect(after.isPremiumMember).toBe(true);
    expect(after.premiumRemaining).toBe(30);
    expect(after.unlockedStories.size).toBe(30);
  });

  it('revokes premium: no access at all until granted again', () => {
    const after = given(registered, granted, unlocked('s1')).when(setPremium(false)).thenEvents([revoked]);
    expect(after.isPremiumMember).toBe(false);
    expect(after.premiumRemaining).toBe(0);
  });

  it('revoking a user without premium changes nothing', () => {
    given(registered).when(setPremium(false)).thenNothing();
    given(registered, granted, revoked).when(setPremium(false)).thenNothing();
  });

  it('refuses (404) an unknown or deleted user', () => {
    const notFound = refuse('not_found', accountMessages.userNotFound);
    given().when(setPremium(true)).thenRefuses(notFound);
    given(registered, deleted).when(setPremium(true)).thenRefuses(notFound);
    given(registered, deleted).when(setPremium(false)).thenRefuses(notFound);
  });
});
