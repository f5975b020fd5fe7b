/**
 * Kept for pages that imported the profile's guard before the auth feature had one: the guard
 * is the auth feature's RequireAuth (import it from '../auth/RequireAuth' in new code).
 */
export { RequireAuth as RequireLogin } from '../auth/RequireAuth';
