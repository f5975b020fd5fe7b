/**
 * The admin session for this browser session: the server's admin
 * token, never the password, in session storage, so a revisit in the same tab is still logged
 * in and closing the browser logs out.
 */
const ADMIN_TOKEN_KEY = 'admin_token';

export function storedAdminToken(): string | null {
  return sessionStorage.getItem(ADMIN_TOKEN_KEY);
}

export function storeAdminToken(token: string): void {
  sessionStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken(): void {
  sessionStorage.removeItem(ADMIN_TOKEN_KEY);
}
