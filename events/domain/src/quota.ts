/** One purchase grants 30 premium stories of the user's choice. */
export const STORIES_PER_GRANT = 30;

/**
 * The premium quota's arithmetic, applied by the user fold (and mirrored in SQL by the users
 * projection): a grant adds to what remains, a revocation takes everything, an unlock spends one.
 */
export const premiumRemaining = {
  afterGrant: (remaining: number, stories: number) => remaining + stories,
  afterRevoke: () => 0,
  afterUnlock: (remaining: number) => remaining - 1,
} as const;
