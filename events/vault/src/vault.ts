import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createPool, installSchema } from '@nocturne/pg-kit';
import type pg from 'pg';
import { type AddressClaims, type AddressHolder, digestUnder, waitlistSubject } from './address-claims';
import {
  type AddressKeyMigration,
  type AddressSources,
  migrateClaims,
  takeLock,
} from './address-key-migration';

/**
 * Crypto-shredding. Personal fields of events are encrypted with a key of their subject
 * (an account or a waitlist entry). Keys live in Postgres, outside the event log; destroying
 * a subject's key makes every one of its personal fields unreadable, although the log is
 * append-only. Format: `pii:v1:<subject>:<iv>:<ciphertext>:<tag>:<keyId>` (base64url,
 * AES-256-GCM; the subject and key id are authenticated as associated data).
 *
 * The key id matters when a subject is used again after its key was destroyed (a deleted
 * person joins the waitlist again): the new key gets a new id, so an old value reads as
 * shredded (null) instead of failing authentication under the wrong key. A value whose
 * ciphertext, tag or subject was altered fails authentication: decrypt throws.
 */
export interface PiiVault {
  encrypt(subject: string, plaintext: string): Promise<string>;
  /** The plaintext, or null when the subject's key has been destroyed. */
  decrypt(value: string): Promise<string | null>;
  /** decrypt for many values with one key lookup (the projector's batches). */
  decryptMany(values: readonly string[]): Promise<(string | null)[]>;
  destroy(subject: string): Promise<void>;
}

const PREFIX = 'pii:v1:';
const subjectPattern = /^[A-Za-z0-9_-]{1,80}$/;

export function subjectOf(value: string): string {
  return partsOf(value).subject;
}

/** The id of the key a value was sealed with (undefined for values written before key ids). */
export function keyIdOf(value: string): string | undefined {
  return partsOf(value).keyId;
}

export function assertPiiSubject(subject: string): void {
  if (!subjectPattern.test(subject)) throw new Error(`bad PII subject ${subject}`);
}

interface SealedParts {
  subject: string;
  iv: Buffer;
  body: Buffer;
  tag: Buffer;
  /** Absent in values written before key ids existed. */
  keyId: string | undefined;
}

function partsOf(value: string): SealedParts {
  if (!value.startsWith(PREFIX)) throw new Error('not an encrypted value');
  const parts = value.slice(PREFIX.length).split(':');
  const [subject, iv, body, tag, keyId] = parts;
  if (parts.length < 4 || parts.length > 5 || !subject || !iv || !tag || body === undefined) {
    throw new Error('malformed encrypted value');
  }
  const bytes = (text: string) => Buffer.from(text, 'base64url');
  return { subject, iv: bytes(iv), body: bytes(body), tag: bytes(tag), keyId };
}

function associatedData(subject: string, keyId: string | undefined): Buffer {
  return Buffer.from(keyId === undefined ? subject : `${subject}:${keyId}`);
}

export function sealWith(key: Buffer, subject: string, plaintext: string, keyId?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(subject, keyId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return `${PREFIX}${subject}:${parts.join(':')}${keyId === undefined ? '' : `:${keyId}`}`;
}

/** Throws when the value was altered (or sealed with another key). */
export function openWith(key: Buffer, value: string): string {
  const { subject, iv, body, tag, keyId } = partsOf(value);
  if (tag.length !== 16) throw new Error('malformed encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(associatedData(subject, keyId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export const piiVaultSchemaSql = `
create schema if not exists vault;
create table if not exists vault.pii_keys (
  subject text primary key,
  key bytea not null,
  created_at timestamptz not null default now()
);
alter table vault.pii_keys add column if not exists key_id text not null
  default replace(gen_random_uuid()::text, '-', '');
create table if not exists vault.address_claims (
  address_digest text primary key,
  subject text not null references vault.pii_keys (subject) on delete cascade,
  user_key text not null
);
create index if not exists address_claims_subject on vault.address_claims (subject);
alter table vault.address_claims add column if not exists under_address_key boolean not null default false;
-- Empty once the address-key migration has run: each start's look for claims still to re-key
-- reads this index, not every claim.
create index if not exists address_claims_to_rekey on vault.address_claims (address_digest)
  where not under_address_key;
create table if not exists vault.address_key (
  only_row boolean primary key default true check (only_row),
  key bytea not null
);
create table if not exists vault.waitlist_claims (
  address_digest text primary key,
  subject text not null references vault.pii_keys (subject) on delete cascade,
  entry_key text not null unique
);
create index if not exists waitlist_claims_subject on vault.waitlist_claims (subject);
create table if not exists vault.address_key_migration (
  only_row boolean primary key default true check (only_row),
  finished_at timestamptz not null
);
create table if not exists vault.staff_claims (
  address_digest text primary key,
  staff_id text not null unique
);
create table if not exists vault.staff_claim_migration (
  only_row boolean primary key default true check (only_row),
  finished_at timestamptz not null
);`;

/** Held while the claims move to the address key: one process migrates, the others wait. */
const ADDRESS_KEY_MIGRATION_LOCK = 8202613;

/**
 * Keys in `vault.pii_keys`, address and waitlist claims in `vault.address_claims` and
 * `vault.waitlist_claims` (deleted with their subject's key), staff claims in
 * `vault.staff_claims`. Not cached: a destroyed key must stop working everywhere at once. The address key (`vault.address_key`, one random key made by
 * the first process that starts) never changes, so it is read once.
 */
export class PostgresPiiVault implements PiiVault, AddressClaims {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly addressKey: Buffer,
  ) {}

  static async connect(connectionString: string): Promise<PostgresPiiVault> {
    const pool = createPool({ connectionString, max: 4 });
    await installSchema(pool, 8202612, piiVaultSchemaSql);
    await pool.query('insert into vault.address_key (key) values ($1) on conflict do nothing', [
      randomBytes(32),
    ]);
    const { rows } = await pool.query<{ key: Buffer }>('select key from vault.address_key');
    return new PostgresPiiVault(pool, rows[0]!.key);
  }

  addressDigest(email: string): string {
    return digestUnder(this.addressKey, email);
  }

  async encrypt(subject: string, plaintext: string): Promise<string> {
    assertPiiSubject(subject);
    const { rows } = await this.pool.query<{ key: Buffer; key_id: string }>(
      `insert into vault.pii_keys (subject, key) values ($1, $2)
       on conflict (subject) do update set subject = excluded.subject returning key, key_id`,
      [subject, randomBytes(32)],
    );
    return sealWith(rows[0]!.key, subject, plaintext, rows[0]!.key_id);
  }

  async decrypt(value: string): Promise<string | null> {
    return (await this.decryptMany([value]))[0]!;
  }

  async decryptMany(values: readonly string[]): Promise<(string | null)[]> {
    if (values.length === 0) return [];
    const parts = values.map(partsOf);
    const { rows } = await this.pool.query<{ subject: string; key: Buffer; key_id: string }>(
      'select subject, key, key_id from vault.pii_keys where subject = any($1)',
      [[...new Set(parts.map((p) => p.subject))]],
    );
    const keys = new Map(rows.map((r) => [r.subject, r]));
    return parts.map(({ subject, keyId }, i) => {
      const row = keys.get(subject);
      // No key, or a newer key than the value's: the value's own key was destroyed.
      if (!row || (keyId !== undefined && row.key_id !== keyId)) return null;
      return openWith(row.key, values[i]!);
    });
  }

  async destroy(subject: string): Promise<void> {
    await this.pool.query('delete from vault.pii_keys where subject = $1', [subject]);
  }

  async addressHolder(addressDigest: string): Promise<AddressHolder | null> {
    const { rows } = await this.pool.query<{ user_key: string; subject: string }>(
      'select user_key, subject from vault.address_claims where address_digest = $1',
      [addressDigest],
    );
    return rows[0] ? { userKey: rows[0].user_key, accountId: rows[0].subject } : null;
  }

  async claimAddress(addressDigest: string, holder: AddressHolder): Promise<AddressHolder> {
    assertPiiSubject(holder.accountId);
    // One statement: the key the claim hangs on and the claim itself, or neither.
    await this.pool.query(
      `with key as (
         insert into vault.pii_keys (subject, key) values ($2, $4)
         on conflict (subject) do update set subject = excluded.subject returning subject
       )
       insert into vault.address_claims (address_digest, subject, user_key, under_address_key)
       select $1, subject, $3, true from key
       on conflict (address_digest) do nothing`,
      [addressDigest, holder.accountId, holder.userKey, randomBytes(32)],
    );
    const claimed = await this.addressHolder(addressDigest);
    // Released between the two statements (its account erased meanwhile): claim again.
    return claimed ?? this.claimAddress(addressDigest, holder);
  }

  async waitlistEntryOf(addressDigest: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ entry_key: string }>(
      'select entry_key from vault.waitlist_claims where address_digest = $1',
      [addressDigest],
    );
    return rows[0]?.entry_key ?? null;
  }

  async claimWaitlistEntry(addressDigest: string, entryKey: string): Promise<string> {
    const subject = waitlistSubject(entryKey);
    assertPiiSubject(subject);
    await this.pool.query(
      `with key as (
         insert into vault.pii_keys (subject, key) values ($2, $4)
         on conflict (subject) do update set subject = excluded.subject returning subject
       )
       insert into vault.waitlist_claims (address_digest, subject, entry_key)
       select $1, subject, $3 from key
       on conflict do nothing`,
      [addressDigest, subject, entryKey, randomBytes(32)],
    );
    const claimed = await this.waitlistEntryOf(addressDigest);
    return claimed ?? this.claimWaitlistEntry(addressDigest, entryKey);
  }

  async staffMemberOf(addressDigest: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ staff_id: string }>(
      'select staff_id from vault.staff_claims where address_digest = $1',
      [addressDigest],
    );
    return rows[0]?.staff_id ?? null;
  }

  async staffMembers(): Promise<string[]> {
    const { rows } = await this.pool.query<{ staff_id: string }>(
      'select staff_id from vault.staff_claims order by staff_id',
    );
    return rows.map((row) => row.staff_id);
  }

  async claimStaffMember(addressDigest: string, staffId: string): Promise<string> {
    await this.pool.query(
      'insert into vault.staff_claims (address_digest, staff_id) values ($1, $2) on conflict (address_digest) do nothing',
      [addressDigest, staffId],
    );
    // Nothing deletes a staff claim: the row is there now, this one or the winner of a race.
    return (await this.staffMemberOf(addressDigest))!;
  }

  /**
   * Moves every claim to the address key and claims, for the addresses they hold, the accounts,
   * waitlist entries and staff members recorded before claims existed (docs/decisions/0011).
   * Under an advisory lock: of processes starting together one migrates and the others wait,
   * then find nothing left. Each step is idempotent, so a migration cut short is finished by the
   * next start; once the log has been scanned, a start only re-keys the claims an older process
   * made meanwhile.
   */
  async migrateToAddressKey(sources: AddressSources): Promise<AddressKeyMigration> {
    const client = await this.pool.connect();
    try {
      await takeLock(client, ADDRESS_KEY_MIGRATION_LOCK);
      return await migrateClaims(client, this, sources);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ADDRESS_KEY_MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
