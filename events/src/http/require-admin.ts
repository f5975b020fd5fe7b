import type { FastifyRequest } from 'fastify';
import { type AdminCodeSettings, checkAdminCode } from '../auth/admin-code';
import { HttpError } from './errors';

export interface AdminCaller {
  /** The admin session (from the token), recorded in the metadata of every event it causes. */
  session: string;
  ip: string;
}

/** What both APIs hold to recognise an admin: the secret, the password hash and a clock. */
export interface AdminDeps {
  options: AdminCodeSettings;
  clock: () => Date;
}

/** The admin behind this request (X-Admin-Code: admin token or password), or null. */
export async function adminCaller(request: FastifyRequest, deps: AdminDeps): Promise<AdminCaller | null> {
  const found = await checkAdminCode(request.headers['x-admin-code'], deps.options, deps.clock());
  return found ? { session: found.session, ip: request.ip } : null;
}

/** The admin behind this request; a 401 `{detail}` when X-Admin-Code is missing or wrong. */
export async function requireAdmin(request: FastifyRequest, deps: AdminDeps): Promise<AdminCaller> {
  const caller = await adminCaller(request, deps);
  if (!caller) throw new HttpError(401, 'Admin access required');
  return caller;
}
