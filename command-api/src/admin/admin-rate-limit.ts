import { perMinute } from '@nocturne/events/http';
import type { CommandApiDeps } from '../deps';

/**
 * Per-client limit of the admin's commands (design.md section 7: the admin endpoints are rate
 * limited), generous for a person clicking through the panel, tight for a script.
 */
export const adminRateLimit = (deps: Pick<CommandApiDeps, 'limiter'>) =>
  perMinute(deps.limiter, 'admin-commands', 120, (request) => request.ip);
