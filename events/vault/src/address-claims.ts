import { userKeyOf } from '@nocturne/events';

/**
 * Which account an e-mail address belongs to, kept beside the vault's keys and never in the log:
 * the log's user streams of accounts are named by a random key, so the address alone leads
 * nowhere in it. A claim names the account's stream key and its account id, under a digest of
 * the address (the HMAC of `userKeyOf`); it belongs to the account's vault subject, so
 * destroying the account's key (its erasure) deletes the claim with it and releases the address.
 */
export interface AddressHolder {
  /** The key of the account's `user-{key}` stream. */
  userKey: string;
  /** The account id: the vault subject the claim belongs to. */
  accountId: string;
}

export interface AddressClaims {
  /** The account that holds the address, or null when none does. */
  addressHolder(addressDigest: string): Promise<AddressHolder | null>;
  /**
   * Claims the address for `holder` (creating the account's vault key if it has none yet)
   * unless an account holds it already; returns the holder either way, so of two concurrent
   * claims both callers get the same winner.
   */
  claimAddress(addressDigest: string, holder: AddressHolder): Promise<AddressHolder>;
}

/**
 * The key of the user stream an address leads to: its claim's, or else the address's own digest,
 * where accounts that signed up before claims existed keep their stream (an erased one's
 * included: see docs/decisions/0010-address-unlinkable-after-erasure.md). For an address no
 * account holds, that stream is empty, and nothing is ever appended to it.
 */
export async function userKeyOfAddress(
  claims: AddressClaims,
  email: string,
  secret: string,
): Promise<{ addressDigest: string; userKey: string; holder: AddressHolder | null }> {
  const addressDigest = userKeyOf(email, secret);
  const holder = await claims.addressHolder(addressDigest);
  return { addressDigest, userKey: holder?.userKey ?? addressDigest, holder };
}
