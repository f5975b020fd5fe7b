import type { AdminRole } from '@nocturne/domain';
import { ADMIN_ROLES } from '@nocturne/domain';

/**
 * The admin session for this browser session: the server's admin token (the owner's or a staff
 * member's, never a password) and its role, in session storage, so a revisit in the same tab is
 * still logged in and closing the browser logs out. The role only decides what the panel shows;
 * the server checks every call against its own table.
 */
const ADMIN_TOKEN_KEY = 'admin_token';
const ADMIN_ROLE_KEY = 'admin_role';

export interface AdminSession {
  token: string;
  role: AdminRole;
}

export function storedAdminSession(): AdminSession | null {
  const token = sessionStorage.getItem(ADMIN_TOKEN_KEY);
  const role = sessionStorage.getItem(ADMIN_ROLE_KEY) ?? 'owner';
  if (!token || !(ADMIN_ROLES as readonly string[]).includes(role)) return null;
  return { token, role: role as AdminRole };
}

export function storeAdminSession(session: AdminSession): void {
  sessionStorage.setItem(ADMIN_TOKEN_KEY, session.token);
  sessionStorage.setItem(ADMIN_ROLE_KEY, session.role);
}

export function clearAdminSession(): void {
  sessionStorage.removeItem(ADMIN_TOKEN_KEY);
  sessionStorage.removeItem(ADMIN_ROLE_KEY);
}
