import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane): strong, and about a
 * quarter of the package's default cost, which matters on a 2-core host where every login and
 * signup pays it. The parameters are stored in each hash, so they can be raised later.
 */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The password is used exactly as typed: never trimmed or altered. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

// A hash of a password nobody knows, verified against when the address is unknown, so that a
// login takes the same time whether or not an account exists (no enumeration by timing).
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `hash`; with `hash` null, spends the same time and answers false. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= argon2.hash(`unknown-account-${Math.random()}`, options);
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
