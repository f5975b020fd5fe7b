import type { EventOf } from '../catalogue';

/** The account id of `userRegistered()` when none is given. */
export const TEST_ACCOUNT_ID = '5b1f3c2e-8d4a-4f6b-9c1d-2e3f4a5b6c7d';

/**
 * A UserRegistered as the signup decider writes it, with placeholder ciphertexts: the one
 * `registered` fixture of decider and projection tests. Override what a test is about.
 */
export function userRegistered(
  options: {
    accountId?: string;
    email?: string;
    passwordHash?: string;
    at?: string;
    verificationDigest?: string;
    verificationExpiresAt?: string;
  } = {},
): EventOf<'UserRegistered'> {
  return {
    type: 'UserRegistered',
    data: {
      accountId: options.accountId ?? TEST_ACCOUNT_ID,
      email: options.email ?? 'pii:v1:acc:iv:body:tag',
      passwordHash: options.passwordHash ?? 'pii:v1:acc:iv:hash:tag',
      ageConfirmedAt: options.at ?? '2025-01-01T00:00:00.000Z',
      verification: {
        tokenDigest: options.verificationDigest ?? 'a'.repeat(64),
        expiresAt: options.verificationExpiresAt ?? '2025-01-02T00:00:00.000Z',
      },
    },
  };
}
