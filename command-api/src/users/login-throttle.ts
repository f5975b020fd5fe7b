import { tooMany } from '@nocturne/http-kit';
import type { RateLimiter } from '@nocturne/http-kit/security';
import type { AccountRateLimits } from './rate-limits';

const MINUTE = 60_000;

/**
 * Failed logins, per account, that slow a guesser but never lock the owner out. Each attempt is
 * charged as a failure BEFORE the password is checked (so parallel guesses cannot all pass) and
 * given back when it succeeds. An address is refused once it has failed too often on the
 * account; once the account as a whole has failed too often, only an address that has not
 * failed on it yet may try. So the owner, logging in from their own address, always gets
 * through, while a guesser gets one more try per new address (and the per-address login limit
 * caps those).
 */
export function loginThrottle(
  limiter: RateLimiter,
  limits: Pick<AccountRateLimits, 'loginFailuresPerAccount' | 'loginFailuresPerAccountAndAddress'>,
) {
  return async function charge(addressDigest: string, client: string): Promise<() => Promise<void>> {
    const accountKey = `login-failures:${addressDigest}`;
    const pairKey = `login-failures:${addressDigest}:${client}`;
    const pair = await limiter.hit(pairKey, MINUTE);
    const account = await limiter.hit(accountKey, MINUTE);
    const failedBefore = pair.hits > 1;
    if (
      pair.hits > limits.loginFailuresPerAccountAndAddress ||
      (account.hits > limits.loginFailuresPerAccount && failedBefore)
    ) {
      throw tooMany(Math.max(pair.resetInMs, account.resetInMs));
    }
    return async () => {
      await limiter.refund(pairKey, MINUTE);
      await limiter.refund(accountKey, MINUTE);
    };
  };
}
