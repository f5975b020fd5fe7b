import type { UserEvent } from '@nocturne/domain';
import { userRegistered } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { premiumFromPurchaseDecider } from './premium-from-purchase-decider';

const given = deciderSpec(premiumFromPurchaseDecider);
const registered = userRegistered();
const now = new Date('2026-03-01T10:00:00.000Z');
const settle = (purchaseId: string, entitles: boolean, reversal: 'refund' | 'chargeback' | null = null) =>
  command('SettlePurchase', { purchaseId, entitles, reversal }, now);
const granted = (purchaseId: string): UserEvent => ({
  type: 'PremiumGranted',
  data: { stories: 30, purchaseId },
});
const revoked = (purchaseId: string, reason: 'refund' | 'chargeback'): UserEvent => ({
  type: 'PremiumRevoked',
  data: { purchaseId, stories: 30, reason },
});
const flagged = (purchaseId: string): UserEvent => ({
  type: 'AccountFlaggedForStaff',
  data: { reason: 'chargeback', purchaseId },
});

describe('premium from a purchase', () => {
  it('grants 30 stories for a paid purchase, once', () => {
    const state = given(registered)
      .when(settle('p1', true))
      .thenEvents([granted('p1')]);
    given(registered, granted('p1')).when(settle('p1', true)).thenNothing();
    if (!state.isPremiumMember || state.premiumRemaining !== 30)
      throw new Error('not premium after the grant');
  });

  it("takes a refunded purchase's stories back, once, and keeps another purchase's", () => {
    given(registered, granted('p1'))
      .when(settle('p1', false, 'refund'))
      .thenEvents([revoked('p1', 'refund')]);
    given(registered, granted('p1'), revoked('p1', 'refund'))
      .when(settle('p1', false, 'refund'))
      .thenNothing();
    const state = given(registered, granted('p1'), granted('p2'))
      .when(settle('p1', false, 'refund'))
      .thenEvents([revoked('p1', 'refund')]);
    if (!state.isPremiumMember || state.premiumRemaining !== 30)
      throw new Error("the other purchase's grant went too");
  });

  it('revokes a charged-back purchase and flags the account for the staff, once', () => {
    given(registered, granted('p1'))
      .when(settle('p1', false, 'chargeback'))
      .thenEvents([revoked('p1', 'chargeback'), flagged('p1')]);
    given(registered, granted('p1'), revoked('p1', 'chargeback'), flagged('p1'))
      .when(settle('p1', false, 'chargeback'))
      .thenNothing();
  });

  it('grants nothing for a purchase reversed before it was paid (a chargeback still flags)', () => {
    given(registered)
      .when(settle('p1', false, 'refund'))
      .thenNothing();
    given(registered)
      .when(settle('p1', false, 'chargeback'))
      .thenEvents([flagged('p1')]);
  });

  it('gives an erased or unknown account nothing', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { accountId: registered.data.accountId } };
    given(registered, deleted).when(settle('p1', true)).thenNothing();
    given().when(settle('p1', true)).thenNothing();
  });
});
