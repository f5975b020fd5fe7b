import { tooMany } from '../http/limit-requests';
import type { RateLimiter } from '../security/rate-limiter';

export interface GuessLimits {
  /** Failures allowed on the account from one address, per window. */
  perAccountAndAddress: number;
  /** Failures allowed on the account as a whole, per window, before only fresh addresses may try. */
  perAccount: number;
  windowMs?: number;
  /** The 429's `detail` (the generic "too many requests" by default). */
  detail?: string;
}

/**
 * Password and code guesses, per account and address, that slow a guesser but never lock the
 * holder out. Each attempt is charged as a failure BEFORE it is checked (so parallel guesses
 * cannot all pass) and given back when it succeeds. An address is refused once it has failed
 * too often on the account; once the account as a whole has failed too often, only an address
 * that has not failed on it yet may try. So the holder, from their own address, always gets
 * through, while a guesser gets one more try per new address (and the per-address limit caps
 * those). `prefix` names the kind of guess, so that each kind has budgets of its own.
 */
export function guessThrottle(limiter: RateLimiter, prefix: string, limits: GuessLimits) {
  const windowMs = limits.windowMs ?? 60_000;
  return async function charge(account: string, client: string): Promise<() => Promise<void>> {
    const accountKey = `${prefix}:${account}`;
    const pairKey = `${prefix}:${account}:${client}`;
    const pair = await limiter.hit(pairKey, windowMs);
    const whole = await limiter.hit(accountKey, windowMs);
    const failedBefore = pair.hits > 1;
    if (pair.hits > limits.perAccountAndAddress || (whole.hits > limits.perAccount && failedBefore)) {
      throw tooMany(Math.max(pair.resetInMs, whole.resetInMs), limits.detail);
    }
    return async () => {
      await limiter.refund(pairKey, windowMs);
      await limiter.refund(accountKey, windowMs);
    };
  };
}
