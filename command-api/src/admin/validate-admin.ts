import { issueAdminToken } from '@nocturne/events/auth';
import { HttpError } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { FailedAttempts } from './failed-attempts';

/**
 * POST /api/admin/validate with `X-Admin-Code: <password>`: answers `{ok: true, token}`, a
 * short-lived admin session token that every admin call accepts in X-Admin-Code, so the SPA
 * keeps the token, never the password. A wrong password is a 401; more than 5 failures a minute
 * from one IP is a 429.
 */
export const validateAdminRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  const failures = new FailedAttempts(5, 60_000);

  app.post('/api/admin/validate', async (request) => {
    const now = deps.clock();
    const wait = failures.retryAfter(request.ip, now.getTime());
    if (wait > 0) {
      throw new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.', {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    }
    const code = request.headers['x-admin-code'];
    if (typeof code !== 'string' || !code) throw new HttpError(401, 'Admin password required');
    if (!(await deps.options.adminPassword.matches(code))) {
      failures.record(request.ip, now.getTime());
      throw new HttpError(401, 'Invalid password');
    }
    const { token } = issueAdminToken(deps.options.secret, now);
    return { ok: true, token };
  });
};
