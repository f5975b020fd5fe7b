import { refuse, storyMessages, type UserEvent } from '@nocturne/domain';
import { userRegistered } from '@nocturne/events/testing';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { unlockDecider } from './unlock-decider';

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
