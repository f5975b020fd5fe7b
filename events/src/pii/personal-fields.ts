import type { PiiVault } from './vault';

const SEALED = 'pii:v1:';

/** True for a value the vault sealed (`pii:v1:...`), false for plain text. */
export function isSealed(value: string): boolean {
  return value.startsWith(SEALED);
}

/**
 * A personal field that was plain text in events recorded before it was encrypted (an admin's
 * IP address in an event's metadata): a sealed value is decrypted (null once its owner is
 * erased), plain text is returned as it was recorded.
 */
export async function openPersonalField(vault: PiiVault, value: string): Promise<string | null> {
  return isSealed(value) ? vault.decrypt(value) : value;
}

/**
 * The transaction id of a PaymentConfirmationSubmitted: encrypted since version 2 (null once the
 * account is erased), plain text in events recorded as version 1 (see catalogue/upcasters.ts).
 */
export async function transactionIdOf(
  vault: PiiVault,
  data: { transactionId: string | null; legacyTransactionId?: string | null | undefined },
): Promise<string | null> {
  if (data.transactionId) return vault.decrypt(data.transactionId);
  return data.legacyTransactionId ?? null;
}
