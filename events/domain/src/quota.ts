/** One purchase grants 30 premium stories of the user's choice. */
export const STORIES_PER_GRANT = 30;

/**
 * The premium quota's arithmetic, applied by the user fold (and mirrored in SQL by the users
 * projection): a grant adds to what remains, a revocation takes everything, an unlock spends one,
 * and an unlock returned (its story withdrawn) gives that one back. A return after a revocation
 * gives nothing back: the revocation took the whole quota, the returned story's share with it.
 */
export const premiumRemaining = {
  afterGrant: (remaining: number, stories: number) => remaining + stories,
  /**
   * A staff revocation takes everything; a purchase's reversal takes that purchase's stories
   * (what the reader spent of them included), never below none.
   */
  afterRevoke: (remaining = 0, stories?: number) =>
    stories === undefined ? 0 : Math.max(0, remaining - stories),
  afterUnlock: (remaining: number) => remaining - 1,
  afterReturn: (remaining: number, subscribed: boolean) => (subscribed ? remaining + 1 : remaining),
} as const;
