import { randomBytes, randomUUID } from 'node:crypto';
import { type AddressClaims, type AddressHolder, digestUnder, waitlistSubject } from './address-claims';
import { assertPiiSubject, keyIdOf, openWith, type PiiVault, sealWith, subjectOf } from './vault';

/**
 * The PII vault with its keys in memory, for unit tests: the same value format and the same
 * shredding as PostgresPiiVault (a destroyed subject reads as null, a new key gets a new id).
 */
export class MemoryPiiVault implements PiiVault, AddressClaims {
  private readonly keys = new Map<string, { key: Buffer; keyId: string }>();
  private readonly claims = new Map<string, AddressHolder>();
  private readonly waitlistClaims = new Map<string, string>();
  private readonly staffClaims = new Map<string, string>();
  private readonly addressKey = randomBytes(32);

  addressDigest(email: string): string {
    return digestUnder(this.addressKey, email);
  }

  async encrypt(subject: string, plaintext: string): Promise<string> {
    assertPiiSubject(subject);
    this.ensureKey(subject);
    const entry = this.keys.get(subject)!;
    return sealWith(entry.key, subject, plaintext, entry.keyId);
  }

  async decrypt(value: string): Promise<string | null> {
    const entry = this.keys.get(subjectOf(value));
    if (!entry || keyIdOf(value) !== entry.keyId) return null;
    return openWith(entry.key, value);
  }

  async decryptMany(values: readonly string[]): Promise<(string | null)[]> {
    return Promise.all(values.map((value) => this.decrypt(value)));
  }

  async destroy(subject: string): Promise<void> {
    this.keys.delete(subject);
    for (const [digest, holder] of this.claims) {
      if (holder.accountId === subject) this.claims.delete(digest);
    }
    for (const [digest, entryKey] of this.waitlistClaims) {
      if (waitlistSubject(entryKey) === subject) this.waitlistClaims.delete(digest);
    }
  }

  async addressHolder(addressDigest: string): Promise<AddressHolder | null> {
    return this.claims.get(addressDigest) ?? null;
  }

  async claimAddress(addressDigest: string, holder: AddressHolder): Promise<AddressHolder> {
    assertPiiSubject(holder.accountId);
    const held = this.claims.get(addressDigest);
    if (held) return held;
    this.ensureKey(holder.accountId);
    this.claims.set(addressDigest, { ...holder });
    return holder;
  }

  async waitlistEntryOf(addressDigest: string): Promise<string | null> {
    return this.waitlistClaims.get(addressDigest) ?? null;
  }

  async claimWaitlistEntry(addressDigest: string, entryKey: string): Promise<string> {
    const subject = waitlistSubject(entryKey);
    assertPiiSubject(subject);
    const held = this.waitlistClaims.get(addressDigest);
    if (held) return held;
    this.ensureKey(subject);
    this.waitlistClaims.set(addressDigest, entryKey);
    return entryKey;
  }

  async staffMemberOf(addressDigest: string): Promise<string | null> {
    return this.staffClaims.get(addressDigest) ?? null;
  }

  async staffMembers(): Promise<string[]> {
    return [...new Set(this.staffClaims.values())].sort();
  }

  async claimStaffMember(addressDigest: string, staffId: string): Promise<string> {
    const held = this.staffClaims.get(addressDigest);
    if (held) return held;
    this.staffClaims.set(addressDigest, staffId);
    return staffId;
  }

  private ensureKey(subject: string): void {
    if (!this.keys.has(subject)) {
      this.keys.set(subject, { key: randomBytes(32), keyId: randomUUID().replaceAll('-', '') });
    }
  }
}
