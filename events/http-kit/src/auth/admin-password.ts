import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The shared admin password (ADMIN_PASSWORD), held only as a salted scrypt hash: the launcher
 * hashes it once at start and hands this object to both APIs, so the plaintext is not kept in
 * any long-lived structure. Candidates are compared in constant time.
 */
export interface AdminPassword {
  /** True when `candidate` is the admin password. Always takes one scrypt; never throws. */
  matches(candidate: string): Promise<boolean>;
}

const KEY_LENGTH = 32;
const COST = { N: 16384, r: 8, p: 1 } as const;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes the password with a random salt, computed at start (so no two runs share a hash). */
export async function hashAdminPassword(password: string): Promise<AdminPassword> {
  if (!password) throw new Error('the admin password must not be empty');
  const salt = randomBytes(16);
  const hash = await derive(password, salt);
  return {
    async matches(candidate) {
      if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 1024) return false;
      const given = await derive(candidate, salt);
      return timingSafeEqual(given, hash);
    },
  };
}
