import {
  evolveUser,
  initialUserState,
  STORIES_PER_GRANT,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider } from '../shared/decider';

/** Bring the reader's premium in line with what one purchase now gives (system command). */
export type SettlePurchase = Command<
  'SettlePurchase',
  {
    purchaseId: string;
    entitles: boolean;
    reversal: 'refund' | 'chargeback' | null;
    /** The processor's payment that paid it (recorded with the grant for the auditor). */
    payment?: { provider: string; transactionId: string; amountCents: number; currency: string };
  }
>;

/**
 * Premium from a purchase, decided on the reader's stream: a paid purchase grants 30 stories
 * once; a reversed one takes its grant back once (and a chargeback flags the account for the
 * staff, once). A purchase reversed before it was granted grants nothing. An erased account
 * gets nothing: the payment stays on the purchase's own stream.
 */
export const premiumFromPurchaseDecider: Decider<SettlePurchase, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide({ data }, state) {
    if (state.status !== 'registered') return [];
    const grant = state.purchaseGrants.get(data.purchaseId);
    const events: UserEvent[] = [];
    if (data.entitles && grant === undefined) {
      events.push({
        type: 'PremiumGranted',
        data: { stories: STORIES_PER_GRANT, purchaseId: data.purchaseId },
      });
    }
    if (data.reversal && grant === 'granted') {
      events.push({
        type: 'PremiumRevoked',
        data: { purchaseId: data.purchaseId, stories: STORIES_PER_GRANT, reason: data.reversal },
      });
    }
    if (data.reversal === 'chargeback' && !state.flaggedForStaff) {
      events.push({
        type: 'AccountFlaggedForStaff',
        data: { reason: 'chargeback', purchaseId: data.purchaseId },
      });
    }
    return events;
  },
};
