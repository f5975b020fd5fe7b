import { adminTokenOf, requireAdmin } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandApiDeps } from '../deps';

/**
 * The panel's login and logout. The admin authentication (events http/require-admin.ts) has
 * already checked X-Admin-Code before routing, with its failure budget: a wrong password is a
 * 401, more than 5 wrong codes a minute from one client a 429.
 *
 * POST /api/admin/validate with `X-Admin-Code: <password>` answers `{ok: true, token}`: the
 * token of the server-side admin session the password opened (8 hours), which every admin call
 * accepts in X-Admin-Code, so the SPA keeps the token, never the password.
 * POST /api/admin/logout with `X-Admin-Code: <token>` revokes that session at once.
 */
export const validateAdminRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  app.post('/api/admin/validate', async (request) => {
    requireAdmin(request);
    return { ok: true, token: adminTokenOf(request) };
  });

  app.post('/api/admin/logout', async (request) => {
    requireAdmin(request);
    await deps.adminAuth.revoke(adminTokenOf(request));
    return { ok: true };
  });
};
