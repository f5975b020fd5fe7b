import type { AdminPassword } from './admin-password';
import { verifyAdminToken } from './admin-token';

/** What the X-Admin-Code header is checked against (both APIs hold the same values). */
export interface AdminCodeSettings {
  secret: string;
  adminPassword: AdminPassword;
}

/** Session name recorded when an admin call carries the password itself rather than a token. */
export const PASSWORD_SESSION = 'password';

/**
 * X-Admin-Code carries an admin session token (what the SPA keeps) or the password itself
 * (spec.md section 6: "a shared password sent in the X-Admin-Code header"). A token is checked
 * first: it is a cheap HMAC, while the password comparison costs one scrypt.
 */
export async function checkAdminCode(
  code: unknown,
  settings: AdminCodeSettings,
  now: Date,
): Promise<{ session: string } | null> {
  if (typeof code !== 'string' || code.length === 0 || code.length > 1024) return null;
  const token = verifyAdminToken(settings.secret, code, now);
  if (token) return token;
  return (await settings.adminPassword.matches(code)) ? { session: PASSWORD_SESSION } : null;
}
