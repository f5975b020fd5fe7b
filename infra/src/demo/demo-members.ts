/**
 * The demo's members over its twelve months: when each signs up (days after the history's
 * start), whether they verify, buy (full price or with the discount), are granted premium, spend
 * premium stories, lose premium or erase their account. Fixed, so every demo tells the same story.
 */
export interface DemoMember {
  email: string;
  signupDay: number;
  verified: boolean;
  /** The price paid, or null for a member who never buys. */
  amount: 15 | 10 | null;
  paymentMethod: string;
  /** Premium stories opened, in days after the grant. */
  unlockDays: number[];
  /**
   * Days after the grant that the owner revokes premium (a refund), or null. Through the local
   * processor: a refund at the processor.
   */
  revokedAfter: number | null;
  /** Days after the grant that the card's bank takes the payment back (processor only), or null. */
  chargedBackAfter: number | null;
  /** Days after the signup that the member erases the account, or null. */
  erasedAfter: number | null;
}

const METHODS = ['paypal', 'card', 'bank transfer'];

export const DEMO_MEMBERS: readonly DemoMember[] = Array.from({ length: 12 }, (_, k) => {
  const verified = k % 5 !== 4;
  const buys = verified && k % 3 !== 2;
  return {
    email: `member${String(k + 1).padStart(2, '0')}@demo.nocturne.example`,
    signupDay: 20 + k * 28,
    verified,
    amount: buys ? (k % 2 === 0 ? 15 : 10) : null,
    paymentMethod: METHODS[k % METHODS.length]!,
    unlockDays: buys ? [3, 9 + k].slice(0, 1 + (k % 2)) : [],
    revokedAfter: k === 3 ? 40 : null,
    chargedBackAfter: k === 7 ? 60 : null,
    erasedAfter: k === 6 ? 75 : null,
  };
});
