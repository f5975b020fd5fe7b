import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AddressClaims, waitlistSubject } from './address-claims';
import { type PiiVault, subjectOf } from './vault';

/** What a vault's test file hands to the contract. */
export interface VaultTarget {
  vault: PiiVault & AddressClaims;
  teardown(): Promise<void>;
}

/** Replaces the `index`-th ':'-separated field after `pii:v1:` (0 = subject). */
export function withField(value: string, index: number, replace: (field: string) => string): string {
  const fields = value.slice('pii:v1:'.length).split(':');
  fields[index] = replace(fields[index]!);
  return `pii:v1:${fields.join(':')}`;
}

export function flipFirstByte(field: string): string {
  const bytes = Buffer.from(field, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  return bytes.toString('base64url');
}

/**
 * The behaviour every PiiVault must have (PostgresPiiVault, and MemoryPiiVault that stands in
 * for it in unit tests). Call inside a `describe`; `open` runs once before the tests.
 */
export function piiVaultContract(open: () => Promise<VaultTarget>): void {
  let target: VaultTarget;
  let vault: PiiVault & AddressClaims;
  beforeAll(async () => {
    target = await open();
    vault = target.vault;
  });
  afterAll(async () => {
    await target?.teardown();
  });

  it('encrypts to an opaque value of its subject and decrypts it back', async () => {
    const value = await vault.encrypt('account-1', 'ada@example.com');
    expect(value.startsWith('pii:v1:account-1:')).toBe(true);
    expect(value).not.toContain('ada@example.com');
    expect(subjectOf(value)).toBe('account-1');
    expect(await vault.decrypt(value)).toBe('ada@example.com');
    // Each encryption has its own IV, under the same subject key.
    const again = await vault.encrypt('account-1', 'ada@example.com');
    expect(again).not.toBe(value);
    expect(await vault.decrypt(again)).toBe('ada@example.com');
    expect(await vault.decrypt(await vault.encrypt('account-1', ''))).toBe('');
  });

  it('makes every value of a destroyed subject unreadable, and only of that subject', async () => {
    const email = await vault.encrypt('account-2', 'bob@example.com');
    const hash = await vault.encrypt('account-2', '$argon2id$v=19$...');
    const other = await vault.encrypt('account-3', 'cy@example.com');
    await vault.destroy('account-2');
    expect(await vault.decrypt(email)).toBeNull();
    expect(await vault.decrypt(hash)).toBeNull();
    expect(await vault.decrypt(other)).toBe('cy@example.com');
    await vault.destroy('account-2'); // destroying twice is harmless
  });

  it('decrypts many values at once, each as decrypt would, in the order given', async () => {
    const a = await vault.encrypt('account-m1', 'a@example.com');
    const b = await vault.encrypt('account-m2', 'b@example.com');
    const a2 = await vault.encrypt('account-m1', 'a2@example.com');
    const gone = await vault.encrypt('account-m3', 'c@example.com');
    await vault.destroy('account-m3');
    expect(await vault.decryptMany([b, gone, a, a2, b])).toEqual([
      'b@example.com',
      null,
      'a@example.com',
      'a2@example.com',
      'b@example.com',
    ]);
    expect(await vault.decryptMany([])).toEqual([]);
  });

  it('keeps old values shredded when a destroyed subject is used again', async () => {
    const old = await vault.encrypt('waitlist-x', 'dee@example.com');
    await vault.destroy('waitlist-x');
    const fresh = await vault.encrypt('waitlist-x', 'dee@example.com');
    expect(await vault.decrypt(old)).toBeNull();
    expect(await vault.decrypt(fresh)).toBe('dee@example.com');
  });

  it('detects tampering with the ciphertext, the tag, the IV or the subject', async () => {
    const value = await vault.encrypt('account-4', 'eve@example.com');
    await vault.encrypt('account-5', 'someone else');
    const tampered = [
      withField(value, 2, flipFirstByte), // ciphertext
      withField(value, 3, flipFirstByte), // tag
      withField(value, 1, flipFirstByte), // IV
    ];
    for (const bad of tampered) await expect(vault.decrypt(bad)).rejects.toThrow();
    // Moved to another subject: that subject's key does not open it (and its key id differs).
    const moved = withField(value, 0, () => 'account-5');
    expect(await vault.decrypt(moved)).toBeNull();
    await expect(vault.decrypt('pii:v1:account-4:broken')).rejects.toThrow(/malformed/);
    await expect(vault.decrypt('plain text')).rejects.toThrow(/not an encrypted value/);
    expect(await vault.decrypt(value)).toBe('eve@example.com');
  });

  it('refuses a subject that could break the format', async () => {
    await expect(vault.encrypt('a:b', 'x')).rejects.toThrow(/bad PII subject/);
    await expect(vault.encrypt('', 'x')).rejects.toThrow(/bad PII subject/);
  });

  it('keeps the first claim of an address, for every claimant, until its account key is destroyed', async () => {
    expect(await vault.addressHolder('digest-1')).toBeNull();
    const first = { userKey: 'k-first', accountId: 'account-c1' };
    const second = { userKey: 'k-second', accountId: 'account-c2' };
    const claims = await Promise.all([
      vault.claimAddress('digest-1', first),
      vault.claimAddress('digest-1', second),
    ]);
    expect(claims[0]).toEqual(claims[1]);
    const holder = claims[0];
    expect(await vault.addressHolder('digest-1')).toEqual(holder);
    // The claim made the account's key: what is encrypted for it later is under that key.
    const email = await vault.encrypt(holder.accountId, 'fay@example.com');
    await vault.destroy(holder.accountId === 'account-c1' ? 'account-c2' : 'account-c1');
    expect(await vault.addressHolder('digest-1')).toEqual(holder);
    await vault.destroy(holder.accountId);
    expect(await vault.addressHolder('digest-1')).toBeNull();
    expect(await vault.decrypt(email)).toBeNull();
    // Released: the address can be claimed by a new account.
    const again = { userKey: 'k-again', accountId: 'account-c3' };
    expect(await vault.claimAddress('digest-1', again)).toEqual(again);
  });

  it('digests an address under its own key, one digest per address whatever its case', () => {
    const digest = vault.addressDigest('Gus@Example.com ');
    expect(digest).toMatch(/^[0-9a-f]{32}$/);
    expect(vault.addressDigest('gus@example.com')).toBe(digest);
    expect(vault.addressDigest('hal@example.com')).not.toBe(digest);
  });

  it('keeps the first waitlist entry of an address until its key is destroyed', async () => {
    const digest = vault.addressDigest('ivy@example.com');
    expect(await vault.waitlistEntryOf(digest)).toBeNull();
    const [first, second] = await Promise.all([
      vault.claimWaitlistEntry(digest, 'entry-1'),
      vault.claimWaitlistEntry(digest, 'entry-2'),
    ]);
    expect(first).toBe(second);
    const sealed = await vault.encrypt(waitlistSubject(first), 'ivy@example.com');
    await vault.destroy(waitlistSubject(first));
    expect(await vault.waitlistEntryOf(digest)).toBeNull();
    expect(await vault.decrypt(sealed)).toBeNull();
    expect(await vault.claimWaitlistEntry(digest, 'entry-3')).toBe('entry-3');
  });

  it('keeps the first staff id of an address for every claimant', async () => {
    const digest = vault.addressDigest('jo@example.com');
    expect(await vault.staffMemberOf(digest)).toBeNull();
    const [first, second] = await Promise.all([
      vault.claimStaffMember(digest, 'staff-1'),
      vault.claimStaffMember(digest, 'staff-2'),
    ]);
    expect(first).toBe(second);
    expect(await vault.staffMemberOf(digest)).toBe(first);
    expect(await vault.claimStaffMember(digest, 'staff-3')).toBe(first);
    expect(await vault.staffMemberOf(vault.addressDigest('kit@example.com'))).toBeNull();
    // Every claimed staff id, once, in order (another test may have claimed some too)
    const before = await vault.staffMembers();
    expect(before.filter((id) => id === first)).toHaveLength(1);
    expect(before).not.toContain(first === 'staff-1' ? 'staff-2' : 'staff-1');
    const other = await vault.claimStaffMember(vault.addressDigest('lee@example.com'), 'staff-0');
    const after = await vault.staffMembers();
    expect(after).toEqual([...before, other].sort());
  });
}
