import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../security/rate-limiter';
import { HttpError } from './errors';

export const tooManyRequests = 'Too many attempts. Please wait a minute and try again.';

/** 429 with a `detail` and `Retry-After` (whole seconds until the window ends). */
export function tooMany(resetInMs: number, detail = tooManyRequests): HttpError {
  return new HttpError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(resetInMs / 1000))) });
}

/**
 * A preHandler allowing `max` requests a minute per `keyOf(request)` (the client address,
 * `request.ip` as seen through TRUST_PROXY, or an account), counted in the shared limiter, so
 * every replica counts together. Several may guard one route (per client and per account).
 */
export function perMinute(
  limiter: RateLimiter,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const count = await limiter.hit(`${name}:${keyOf(request)}`, 60_000);
    if (count.hits > max) throw tooMany(count.resetInMs);
  };
}
