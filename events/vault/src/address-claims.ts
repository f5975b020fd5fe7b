import { createHmac } from 'node:crypto';
import { normaliseEmail } from '@nocturne/events';

/**
 * Which account an e-mail address belongs to, kept beside the vault's keys and never in the log:
 * the log's user streams of accounts are named by a random key, so the address alone leads
 * nowhere in it. A claim names the account's stream key and its account id, under the address's
 * digest (`addressDigest`); it belongs to the account's vault subject, so destroying the
 * account's key (its erasure) deletes the claim with it and releases the address.
 */
export interface AddressHolder {
  /** The key of the account's `user-{key}` stream. */
  userKey: string;
  /** The account id: the vault subject the claim belongs to. */
  accountId: string;
}

export interface AddressClaims {
  /**
   * The digest that keys everything of an address (its claims, its login throttle, a visitor's
   * report): an HMAC under the vault's own address key, which no configuration secret derives,
   * so the application secret can be replaced without losing a claim.
   */
  addressDigest(email: string): string;
  /** The account that holds the address, or null when none does. */
  addressHolder(addressDigest: string): Promise<AddressHolder | null>;
  /**
   * Claims the address for `holder` (creating the account's vault key if it has none yet)
   * unless an account holds it already; returns the holder either way, so of two concurrent
   * claims both callers get the same winner.
   */
  claimAddress(addressDigest: string, holder: AddressHolder): Promise<AddressHolder>;
  /** The stream key of the address's waitlist entry, or null when it has none. */
  waitlistEntryOf(addressDigest: string): Promise<string | null>;
  /**
   * Claims a waitlist entry for the address under `entryKey` (creating the entry's vault key,
   * `waitlistSubject(entryKey)`) unless it has one; returns the entry's key either way.
   */
  claimWaitlistEntry(addressDigest: string, entryKey: string): Promise<string>;
  /** The staff id of the address's `staff-{staffId}` stream, or null when it was never invited. */
  staffMemberOf(addressDigest: string): Promise<string | null>;
  /**
   * Claims `staffId` for the address unless it has a staff id already; returns the address's
   * staff id either way. A staff claim belongs to no vault subject: a removed member's address
   * keeps leading to their stream, which a new invitation starts afresh.
   */
  claimStaffMember(addressDigest: string, staffId: string): Promise<string>;
  /** Every staff id ever claimed (removed members' included), in order: who the owner ever invited. */
  staffMembers(): Promise<string[]>;
}

/** The address key's digest of an address (32 hex digits). */
export function digestUnder(addressKey: Buffer, email: string): string {
  return createHmac('sha256', addressKey).update(normaliseEmail(email)).digest('hex').slice(0, 32);
}

/**
 * Vault subject of a waitlist entry's e-mail (`waitlist-{entryKey}`): its key, and with it the
 * entry's claim, is destroyed when the account of the same address is deleted.
 */
export function waitlistSubject(entryKey: string): string {
  return `wl_${entryKey}`;
}

/**
 * The key of the user stream an address leads to: its claim's. For an address no account holds,
 * it is the address's digest, a stream that stays empty (nothing is ever appended to it), so an
 * address whose account was erased leads to nothing, as one that never had an account.
 */
export async function userKeyOfAddress(
  claims: AddressClaims,
  email: string,
): Promise<{ addressDigest: string; userKey: string; holder: AddressHolder | null }> {
  const addressDigest = claims.addressDigest(email);
  const holder = await claims.addressHolder(addressDigest);
  return { addressDigest, userKey: holder?.userKey ?? addressDigest, holder };
}
