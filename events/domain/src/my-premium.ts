import type { ContentWarningId } from './labels';

/**
 * "My premium": what GET /api/me/premium answers, the reader's own premium account
 * as their user stream records it, newest first in each list.
 */
export interface MyPremium {
  is_subscribed: boolean;
  stories_remaining: number;
  confirmations: PremiumConfirmation[];
  /** Purchases through the payment processor, each step as its notices told it. */
  purchases: PremiumPurchase[];
  /** Grants and revocations. */
  changes: PremiumChange[];
  unlocks: PremiumUnlock[];
}

export interface PremiumConfirmation {
  id: string;
  amount: number;
  payment_method: string;
  /** The reader's own transaction id; null when they gave none. */
  transaction_id: string | null;
  submitted_at: string;
  /** Activated once a grant followed it (at that grant's time). */
  state: 'pending' | 'activated';
  activated_at: string | null;
}

export interface PremiumPurchase {
  id: string;
  amount: number;
  started_at: string;
  /** pending: the processor has not confirmed it yet; held: its payment waits for the staff. */
  status: 'pending' | 'paid' | 'refunded' | 'charged_back' | 'held';
  /** When the processor confirmed the payment; null until then. */
  paid_at: string | null;
  /** When it was refunded or charged back; null while it stands. */
  reversed_at: string | null;
  /** The processor's id of the payment. */
  transaction_id: string | null;
}

export interface PremiumChange {
  kind: 'grant' | 'revocation';
  at: string;
  /** A grant's premium stories. */
  stories: number | null;
}

export interface PremiumUnlock {
  story_id: string;
  unlocked_at: string;
  /** The story's opening words; null once the story was deleted. */
  teaser: string | null;
  /**
   * When the unlock was given back to the quota, its story withdrawn (unpublished by its
   * creator or deleted); null while the story is the reader's.
   */
  returned_at: string | null;
}

/** GET /api/me/premium/stories/{id}: would opening this story spend one of the reader's premium stories? */
export interface PremiumOpening {
  is_premium: boolean;
  unlocked: boolean;
  /** True exactly when GET /api/stories/{id} would unlock it now. */
  spends: boolean;
  stories_remaining: number;
  /** The story's content warnings: shown before the reader is asked to spend anything. */
  warnings: ContentWarningId[];
}

/** What the reader is asked before a premium story is opened for the first time. */
export function premiumOpeningPrompt(remaining: number): string {
  return `This uses 1 of your ${remaining} premium stories. Stories you have opened stay free to re-read.`;
}
