import { perMinute } from '@nocturne/http-kit';
import type { CommandApiDeps } from '../deps';

/**
 * Per-client limit of the admin's commands (the admin endpoints are rate
 * limited), generous for a person clicking through the panel, tight for a script.
 */
export const adminRateLimit = (deps: Pick<CommandApiDeps, 'limiter'>) =>
  perMinute(deps.limiter, 'admin-commands', 120, (request) => request.ip);

/** The documented refusals every rate-limited admin command shares (OpenAPI `errors`). */
export const adminCommandErrors = {
  401: 'No X-Admin-Code, or a wrong or expired one',
  429: 'Too many admin commands, or too many wrong admin codes, from this client (Retry-After)',
} as const;
