import type { UserEvent } from '@nocturne/events/domain';
import { storyMessages } from '@nocturne/events/domain';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { refusalOf } from '../shared/testing/refusal';
import { premiumDecider } from './premium-decider';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    accountId: '00000000-0000-4000-8000-000000000001',
    email: 'pii:v1:x',
    passwordHash: 'pii:v1:y',
    ageConfirmedAt: '2024-12-01T00:00:00.000Z',
    verification: { tokenDigest: 'a'.repeat(64), expiresAt: '2024-12-02T00:00:00.000Z' },
  },
};
const granted = (stories = 30): UserEvent => ({ type: 'PremiumGranted', data: { stories } });
const unlocked = (storyId: string): UserEvent => ({ type: 'PremiumStoryUnlocked', data: { storyId } });
const unlock = (storyId: string) => ({ type: 'UnlockPremiumStory' as const, storyId });

function given(history: UserEvent[]) {
  const state = fold(premiumDecider, history);
  return {
    state,
    when: (storyId: string) => premiumDecider.decide(unlock(storyId), state),
    refusal(storyId: string) {
      return refusalOf(() => premiumDecider.decide(unlock(storyId), state));
    },
  };
}

describe('unlocking a premium story', () => {
  it('spends one story for a subscriber with stories left', () => {
    expect(given([registered, granted()]).when('p1')).toEqual([unlocked('p1')]);
  });

  it('counts down: 30 granted, 29 spent, 1 left', () => {
    const history = [registered, granted(), ...Array.from({ length: 29 }, (_, i) => unlocked(`p${i}`))];
    const { state, when } = given(history);
    expect(state.premiumRemaining).toBe(1);
    expect(when('last')).toEqual([unlocked('last')]);
  });

  it('refuses with 402 when none remain', () => {
    const history = [registered, granted(), ...Array.from({ length: 30 }, (_, i) => unlocked(`p${i}`))];
    expect(given(history).state.premiumRemaining).toBe(0);
    expect(given(history).refusal('p99')).toEqual({ status: 402, detail: storyMessages.noneRemaining });
  });

  it('re-opening an unlocked story spends nothing, even with none left', () => {
    const history = [registered, granted(), ...Array.from({ length: 30 }, (_, i) => unlocked(`p${i}`))];
    expect(given(history).when('p7')).toEqual([]);
    expect(given([registered, granted(), unlocked('p1')]).when('p1')).toEqual([]);
  });

  it('refuses every premium story after premium is revoked, unlocked ones too, until granted again', () => {
    const revoked: UserEvent = { type: 'PremiumRevoked', data: {} };
    for (const story of ['p1', 'p2']) {
      expect(given([registered, granted(), unlocked('p1'), revoked]).refusal(story)).toEqual({
        status: 402,
        detail: storyMessages.premiumRequired,
      });
    }
    expect(given([registered, granted(), unlocked('p1'), revoked, granted()]).when('p1')).toEqual([]);
  });

  it('refuses with 402 a user without premium', () => {
    expect(given([registered]).refusal('p1')).toEqual({ status: 402, detail: storyMessages.premiumRequired });
  });

  it('refuses with 401 a user stream with no account or a deleted one', () => {
    expect(given([]).refusal('p1')).toEqual({ status: 401, detail: storyMessages.loginRequired });
    const deleted: UserEvent = {
      type: 'UserDeleted',
      data: { accountId: registered.data.accountId as string },
    };
    expect(given([registered, granted(), deleted]).refusal('p1')).toEqual({
      status: 401,
      detail: storyMessages.loginRequired,
    });
  });

  it('a second grant adds 30 more', () => {
    const history = [
      registered,
      granted(),
      ...Array.from({ length: 30 }, (_, i) => unlocked(`p${i}`)),
      granted(),
    ];
    expect(given(history).state.premiumRemaining).toBe(30);
    expect(given(history).when('new')).toEqual([unlocked('new')]);
  });
});
