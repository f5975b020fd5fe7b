import { adminTokenOf, apiSchema, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandApiDeps } from '../deps';

const validateDoc = apiSchema({
  summary: 'Sign in to the admin panel: X-Admin-Code with the password opens a session',
  tags: ['admin'],
  security: ['admin'],
  ok: {
    200: {
      description:
        "The session token, for X-Admin-Code, and the caller's role (the panel shows what it may do)",
      schema: z.object({
        ok: z.literal(true),
        token: z.string(),
        role: z.enum(['owner', 'admin', 'moderator', 'auditor']),
      }),
    },
  },
  errors: {
    401: 'No X-Admin-Code, or a wrong or expired one',
    429: 'Too many wrong admin codes from this client (Retry-After)',
  },
});

const adminLogoutDoc = apiSchema({
  summary: 'End the admin session named by X-Admin-Code',
  tags: ['admin'],
  security: ['admin'],
  ok: { 200: { description: 'Signed out', schema: z.object({ ok: z.literal(true) }) } },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

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
  app.post('/api/admin/validate', { schema: validateDoc }, async (request) => {
    const admin = requireAdmin(request);
    return { ok: true, token: adminTokenOf(request), role: admin.role };
  });

  app.post('/api/admin/logout', { schema: adminLogoutDoc }, async (request) => {
    requireAdmin(request);
    await deps.adminAuth.revoke(adminTokenOf(request));
    return { ok: true };
  });
};
