import { timingSafeEqual } from 'node:crypto';
import { perMinute } from '@nocturne/http-kit';
import type { CommandApiDeps } from '../deps';
import { rateLimitsOf } from '../users/rate-limits';

const equal = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * INVITE_CODES: a code of digits only is compared exactly, any other
 * case-insensitively. Checked on the server only; the codes never reach the browser.
 */
export function isValidInviteCode(candidate: string, codes: readonly string[]): boolean {
  const input = candidate.trim();
  if (!input) return false;
  return codes.some((code) =>
    /^\d+$/.test(code) ? equal(input, code) : equal(input.toLowerCase(), code.toLowerCase()),
  );
}

/**
 * Invite-code attempts per client and minute: one budget for the check (POST /api/invites/check)
 * and for X-Invite-Code on a publish, so neither is a way around the other.
 */
export const inviteAttemptLimit = (deps: Pick<CommandApiDeps, 'limiter' | 'options'>) =>
  perMinute(deps.limiter, 'invite-attempts', rateLimitsOf(deps.options).inviteAttemptsPerMinute, (r) => r.ip);
