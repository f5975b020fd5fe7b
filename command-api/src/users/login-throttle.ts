import { guessThrottle } from '@nocturne/http-kit/auth';
import type { RateLimiter } from '@nocturne/http-kit/security';
import type { AccountRateLimits } from './rate-limits';

/**
 * Failed logins, per account (the address's digest) and client: the shared guess throttle
 * (`guessThrottle`), so the owner of an account, logging in from their own address, always gets
 * through while a guesser is cut off.
 */
export function loginThrottle(
  limiter: RateLimiter,
  limits: Pick<AccountRateLimits, 'loginFailuresPerAccount' | 'loginFailuresPerAccountAndAddress'>,
) {
  return guessThrottle(limiter, 'login-failures', {
    perAccount: limits.loginFailuresPerAccount,
    perAccountAndAddress: limits.loginFailuresPerAccountAndAddress,
  });
}
