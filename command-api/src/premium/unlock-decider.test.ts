import { refuse, storyMessages, type UserEvent } from '@nocturne/domain';
import { userRegistered } from '@nocturne/events/testing';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { unlockDecider, unlockReturnMessages } from './unlock-decider';

const given = deciderSpec(unlockDecider);
const now = new Date('2025-01-10T12:00:00.000Z');
const registered = userRegistered();
const granted = (stories = 30): UserEvent => ({ type: 'PremiumGranted', data: { stories } });
const unlocked = (storyId: string): UserEvent => ({ type: 'PremiumStoryUnlocked', data: { storyId } });
const unlock = (storyId: string) => command('UnlockPremiumStory', { storyId }, now);
const thirtyUnlocked = Array.from({ length: 30 }, (_, i) => unlocked(`p${i}`));

describe('unlocking a premium story', () => {
  it('spends one story for a premium member with stories left', () => {
    given(registered, granted())
      .when(unlock('p1'))
      .thenEvents([unlocked('p1')]);
  });

  it('counts down: 30 granted, 29 spent, 1 left', () => {
    const spec = given(registered, granted(), ...thirtyUnlocked.slice(0, 29));
    expect(spec.state.premiumRemaining).toBe(1);
    spec.when(unlock('last')).thenEvents([unlocked('last')]);
  });

  it('refuses (402) when none remain', () => {
    const spec = given(registered, granted(), ...thirtyUnlocked);
    expect(spec.state.premiumRemaining).toBe(0);
    spec.when(unlock('p99')).thenRefuses(refuse('payment_required', storyMessages.noneRemaining));
  });

  it('re-opening an unlocked story spends nothing, even with none left', () => {
    given(registered, granted(), ...thirtyUnlocked)
      .when(unlock('p7'))
      .thenNothing();
    given(registered, granted(), unlocked('p1')).when(unlock('p1')).thenNothing();
  });

  it('refuses every premium story after premium is revoked, unlocked ones too, until granted again', () => {
    const revoked: UserEvent = { type: 'PremiumRevoked', data: {} };
    for (const story of ['p1', 'p2']) {
      given(registered, granted(), unlocked('p1'), revoked)
        .when(unlock(story))
        .thenRefuses(refuse('payment_required', storyMessages.premiumRequired));
    }
    given(registered, granted(), unlocked('p1'), revoked, granted()).when(unlock('p1')).thenNothing();
  });

  it('refuses (402) a user without premium', () => {
    given(registered)
      .when(unlock('p1'))
      .thenRefuses(refuse('payment_required', storyMessages.premiumRequired));
  });

  it('refuses (401) a user stream with no account or a deleted one', () => {
    given().when(unlock('p1')).thenRefuses(refuse('unauthenticated', storyMessages.loginRequired));
    const deleted: UserEvent = { type: 'UserDeleted', data: { accountId: registered.data.accountId } };
    given(registered, granted(), deleted)
      .when(unlock('p1'))
      .thenRefuses(refuse('unauthenticated', storyMessages.loginRequired));
  });

  it('a second grant adds 30 more', () => {
    const spec = given(registered, granted(), ...thirtyUnlocked, granted());
    expect(spec.state.premiumRemaining).toBe(30);
    spec.when(unlock('new')).thenEvents([unlocked('new')]);
  });
});

describe('giving back the unlock of a withdrawn story', () => {
  const returnUnlock = (storyId: string, withdrawal: 'unpublished' | 'deleted' | null = 'unpublished') =>
    command('ReturnPremiumUnlock', { storyId, withdrawal }, now);
  const returned = (storyId: string, reason: 'unpublished' | 'deleted' = 'unpublished'): UserEvent => ({
    type: 'PremiumUnlockReturned',
    data: { storyId, reason },
  });

  it('returns an unlocked story to the quota, with how the story left', () => {
    const spec = given(registered, granted(), unlocked('p1'), unlocked('p2'));
    expect(spec.state.premiumRemaining).toBe(28);
    spec.when(returnUnlock('p1')).thenEvents([returned('p1')]);
    given(registered, granted(), unlocked('p1'))
      .when(returnUnlock('p1', 'deleted'))
      .thenEvents([returned('p1', 'deleted')]);
  });

  it('folds the return: one more story left, the story no longer unlocked, another one can be unlocked', () => {
    const spec = given(registered, granted(), ...thirtyUnlocked, returned('p3'));
    expect(spec.state.premiumRemaining).toBe(1);
    expect(spec.state.unlockedStories.has('p3')).toBe(false);
    expect(spec.state.unlockedStories.has('p4')).toBe(true);
    spec.when(unlock('new')).thenEvents([unlocked('new')]);
  });

  it('refuses a story the reader never unlocked', () => {
    given(registered, granted(), unlocked('p1'))
      .when(returnUnlock('p2'))
      .thenRefuses(refuse('not_found', unlockReturnMessages.notUnlocked));
    given().when(returnUnlock('p1')).thenRefuses(refuse('not_found', unlockReturnMessages.notUnlocked));
  });

  it('refuses while the story is still published', () => {
    given(registered, granted(), unlocked('p1'))
      .when(returnUnlock('p1', null))
      .thenRefuses(refuse('conflict', unlockReturnMessages.stillPublished));
  });

  it('decides nothing the second time: one story is returned once', () => {
    given(registered, granted(), unlocked('p1'), returned('p1')).when(returnUnlock('p1')).thenNothing();
    given(registered, granted(), unlocked('p1'), returned('p1'))
      .when(returnUnlock('p1', 'deleted'))
      .thenNothing();
  });

  it('gives nothing back to a revoked quota, which the revocation emptied', () => {
    const revoked: UserEvent = { type: 'PremiumRevoked', data: {} };
    const spec = given(registered, granted(), unlocked('p1'), revoked);
    spec.when(returnUnlock('p1')).thenEvents([returned('p1')]);
    const after = given(registered, granted(), unlocked('p1'), revoked, returned('p1'));
    expect(after.state.premiumRemaining).toBe(0);
    expect(after.state.unlockedStories.size).toBe(0);
    expect(
      given(registered, granted(), unlocked('p1'), revoked, returned('p1'), granted()).state.premiumRemaining,
    ).toBe(30);
  });
});
