import { HttpError } from '@nocturne/events/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface AccountRateLimits {
  /** Login attempts per minute, per IP and (separately) per account. */
  loginPerMinute: number;
  /** Signups per minute per IP. */
  signupPerMinute: number;
  /** Password-reset requests (and resets) per minute per IP. */
  passwordResetPerMinute: number;
}

export const defaultAccountRateLimits: AccountRateLimits = {
  loginPerMinute: 10,
  signupPerMinute: 5,
  passwordResetPerMinute: 5,
};

export const tooManyRequests = 'Too many attempts. Please wait a minute and try again.';

/**
 * A per-minute limit keyed by `keyOf(request)`, as a preHandler (the body is parsed by then, so
 * a key may be the account). Built on @fastify/rate-limit's `createRateLimit`, which counts in
 * its own store per limiter; several limiters may guard one route (per IP and per account),
 * which its route config cannot do. Refusal: 429 with a `detail` and Retry-After.
 */
export function perMinuteLimit(
  app: FastifyInstance,
  max: number,
  keyOf: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: keyOf });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, tooManyRequests, { 'Retry-After': String(result.ttlInSeconds) });
    }
  };
}
