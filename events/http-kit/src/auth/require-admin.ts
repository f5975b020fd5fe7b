import { type AdminRole, forbiddenDetail, rolesAllowed } from '@nocturne/domain';
import type { Actor } from '@nocturne/events';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { AdminAuthenticator } from './admin-authenticator';

export interface AdminCaller {
  /** The admin session, recorded in the metadata of every event it causes. */
  session: string;
  ip: string;
  role: AdminRole;
  /** The staff member behind the session; null for the owner (the admin password). */
  staffId: string | null;
}

/** The caller as the actor of the events it causes: its session, and its staff id if staff. */
export function adminActor(admin: AdminCaller, ip: string = admin.ip): Actor {
  return {
    kind: 'admin',
    session: admin.session,
    ip,
    ...(admin.staffId ? { staffId: admin.staffId } : {}),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin behind X-Admin-Code (set by `adminAuthentication`), or null without the header. */
    admin: AdminCaller | null;
  }
}

/** The session token of each authenticated request: for the panel's login and logout only. */
const tokens = new WeakMap<FastifyRequest, string>();

/**
 * Every request carrying X-Admin-Code, on any route and method, goes through the one admin
 * authentication before routing: a wrong code is a 401 (even where admin access only adds
 * something, such as GET /api/stories), a spent failure budget a 429. The server registers it
 * at its root (so unknown routes are covered too); each API registers it as well, for when it
 * runs alone, and it installs itself once per server (a request must never be counted twice).
 */
export function adminAuthentication(authenticator: AdminAuthenticator): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    if (app.hasRequestDecorator('admin')) return;
    app.decorateRequest('admin', null);
    const authenticate = async (request: FastifyRequest, code: string | string[]) => {
      const found = await authenticator.authenticate(Array.isArray(code) ? '' : code, request.ip);
      request.admin = { session: found.session, ip: request.ip, role: found.role, staffId: found.staffId };
      tokens.set(request, found.token);
      const route = request.routeOptions.url ?? '';
      const allowed = rolesAllowed(request.method, route);
      if (allowed && !allowed.includes(found.role))
        throw new HttpError(403, forbiddenDetail(request.method, route));
    };
    // A callback hook: a request without the header (most of them) goes on without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const code = request.headers['x-admin-code'];
      if (code === undefined) return done();
      authenticate(request, code).then(() => done(), done);
    });
  };
  // Not encapsulated: the hook must see every route of the server, 404s included.
  Object.assign(plugin, { [Symbol.for('skip-override')]: true });
  return plugin;
}

/** The admin behind this request; a 401 `{detail}` when X-Admin-Code is missing. */
export function requireAdmin(request: FastifyRequest): AdminCaller {
  if (!request.admin) throw new HttpError(401, 'Admin access required');
  return request.admin;
}

/** The admin session token this request authenticated with (or opened, with the password). */
export function adminTokenOf(request: FastifyRequest): string {
  const token = tokens.get(request);
  if (!token) throw new HttpError(401, 'Admin access required');
  return token;
}
