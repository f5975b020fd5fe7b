/**
 * Vault subject of a waitlist entry's e-mail (key = the address's stream key). Deleting the
 * account of the same address destroys it too.
 */
export function waitlistSubject(key: string): string {
  return `wl_${key}`;
}
