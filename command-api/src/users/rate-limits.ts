export interface AccountRateLimits {
  /** Login attempts per minute per client address. */
  loginPerMinute: number;
  /** Failed logins per minute on one account, before only addresses with no failure on it may try. */
  loginFailuresPerAccount: number;
  /** Failed logins per minute on one account from one address. */
  loginFailuresPerAccountAndAddress: number;
  /** Signups per minute per client address. */
  signupPerMinute: number;
  /** Password-reset requests (and resets) per minute per client address. */
  passwordResetPerMinute: number;
  /** Stories published per minute, per client address and (separately) per account. */
  publishPerMinute: number;
  /** Invite-code attempts per minute per client address: the check and X-Invite-Code together. */
  inviteAttemptsPerMinute: number;
  /** Story reports per minute per client address (members and visitors alike). */
  reportsPerMinute: number;
}

export const defaultAccountRateLimits: AccountRateLimits = {
  loginPerMinute: 10,
  loginFailuresPerAccount: 10,
  loginFailuresPerAccountAndAddress: 5,
  signupPerMinute: 5,
  passwordResetPerMinute: 5,
  publishPerMinute: 10,
  inviteAttemptsPerMinute: 20,
  reportsPerMinute: 5,
};

/** The limits in force: the defaults, with a test harness's overrides. */
export const rateLimitsOf = (options: { accountRateLimits?: Partial<AccountRateLimits> | undefined }) => ({
  ...defaultAccountRateLimits,
  ...options.accountRateLimits,
});
