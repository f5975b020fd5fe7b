import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { AddressClaims, AddressHolder } from './address-claims';

/** What the event log tells of the addresses of its accounts, waitlist entries and staff members. */
export interface AddressSources {
  /** The address of the live account of `user-{userKey}`, or null (an empty stream, an erased account). */
  addressOfAccount(userKey: string): Promise<string | null>;
  /**
   * Every live account and every waitlist entry whose address is still readable, with that
   * address, except those whose stream key is in `claimed` (they are not read).
   */
  addressesInLog(claimed: {
    accounts: ReadonlySet<string>;
    waitlist: ReadonlySet<string>;
  }): AsyncIterable<
    | { kind: 'account'; holder: AddressHolder; email: string }
    | { kind: 'waitlist'; entryKey: string; email: string }
  >;
  /**
   * Every staff member whose address is still readable, with that address, except those whose
   * staff id is in `claimed`; removed members too, so a new invitation finds their stream.
   * Newest invitation first: of two streams of one address (invited again after an earlier
   * change of the application secret) the one invited last is the one the address keeps.
   */
  staffInLog(claimed: ReadonlySet<string>): AsyncIterable<{ staffId: string; email: string }>;
}

/** What one migration did (all zero when there was nothing left to do). */
export interface AddressKeyMigration {
  /** Claims moved from the application secret's digest to the address key's. */
  rekeyed: number;
  /** Claims of a signup that never appended, or of an address claimed twice: dropped. */
  released: number;
  /** Accounts from before claims, claimed at their existing stream. */
  accountsClaimed: number;
  /** Waitlist entries from before claims, claimed at their existing stream. */
  waitlistClaimed: number;
  /** Staff members from before staff claims, claimed at their existing stream. */
  staffClaimed: number;
}

const LOCK_POLL_MS = 200;

/**
 * Waits for the migration's advisory lock. Polled rather than awaited in one statement: the
 * pool's statement timeout, made for requests, would end a wait for a long migration.
 */
export async function takeLock(client: pg.PoolClient, lockId: number): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      lockId,
    ]);
    if (rows[0]!.locked) return;
    await sleep(LOCK_POLL_MS);
  }
}

/**
 * The migration itself, run by the process holding the lock (PostgresPiiVault.migrateToAddressKey).
 * Claims made before the address key are keyed by the application secret's digest of the address:
 * each is re-keyed, one row at a time, from the address read in its account's events. Then, once,
 * the log is scanned for accounts and waitlist entries that have no claim (they signed up before
 * claims existed, their stream keyed by that digest): each gets one at its existing stream. And,
 * once, for staff members without a staff claim (their stream named by `staffIdOf`).
 */
export async function migrateClaims(
  client: pg.PoolClient,
  claims: AddressClaims,
  sources: AddressSources,
): Promise<AddressKeyMigration> {
  const done: AddressKeyMigration = {
    rekeyed: 0,
    released: 0,
    accountsClaimed: 0,
    waitlistClaimed: 0,
    staffClaimed: 0,
  };
  await rekeyClaims(client, claims, sources, done);
  await claimOlderHolders(client, claims, sources, done);
  await claimOlderStaff(client, claims, sources, done);
  return done;
}

async function rekeyClaims(
  client: pg.PoolClient,
  claims: AddressClaims,
  sources: AddressSources,
  done: AddressKeyMigration,
): Promise<void> {
  const { rows: oldClaims } = await client.query<{ address_digest: string; user_key: string }>(
    'select address_digest, user_key from vault.address_claims where not under_address_key',
  );
  for (const claim of oldClaims) {
    const email = await sources.addressOfAccount(claim.user_key);
    const moved =
      email === null
        ? { rowCount: 0 }
        : await client.query(
            `update vault.address_claims set address_digest = $2, under_address_key = true
             where address_digest = $1 and not under_address_key
               and not exists (select from vault.address_claims where address_digest = $2)`,
            [claim.address_digest, claims.addressDigest(email)],
          );
    if (moved.rowCount === 1) done.rekeyed++;
    else {
      await client.query(
        'delete from vault.address_claims where address_digest = $1 and not under_address_key',
        [claim.address_digest],
      );
      done.released++;
    }
  }
}

async function claimOlderHolders(
  client: pg.PoolClient,
  claims: AddressClaims,
  sources: AddressSources,
  done: AddressKeyMigration,
): Promise<void> {
  const { rows: finished } = await client.query('select from vault.address_key_migration');
  if (finished.length > 0) return;
  const { rows: accounts } = await client.query<{ key: string }>(
    'select user_key as key from vault.address_claims',
  );
  const { rows: entries } = await client.query<{ key: string }>(
    'select entry_key as key from vault.waitlist_claims',
  );
  const claimed = {
    accounts: new Set(accounts.map((r) => r.key)),
    waitlist: new Set(entries.map((r) => r.key)),
  };
  for await (const found of sources.addressesInLog(claimed)) {
    const digest = claims.addressDigest(found.email);
    if (found.kind === 'account') {
      const holder = await claims.claimAddress(digest, found.holder);
      if (holder.userKey === found.holder.userKey) done.accountsClaimed++;
    } else if ((await claims.claimWaitlistEntry(digest, found.entryKey)) === found.entryKey) {
      done.waitlistClaimed++;
    }
  }
  await client.query(
    'insert into vault.address_key_migration (finished_at) values (now()) on conflict do nothing',
  );
}

/**
 * Staff claims came after the address key: a database whose accounts were migrated already
 * still has its staff to claim, so this step records its own end (`vault.staff_claim_migration`).
 */
async function claimOlderStaff(
  client: pg.PoolClient,
  claims: AddressClaims,
  sources: AddressSources,
  done: AddressKeyMigration,
): Promise<void> {
  const { rows: finished } = await client.query('select from vault.staff_claim_migration');
  if (finished.length > 0) return;
  const { rows } = await client.query<{ staff_id: string }>('select staff_id from vault.staff_claims');
  for await (const found of sources.staffInLog(new Set(rows.map((r) => r.staff_id)))) {
    const digest = claims.addressDigest(found.email);
    if ((await claims.claimStaffMember(digest, found.staffId)) === found.staffId) done.staffClaimed++;
  }
  await client.query(
    'insert into vault.staff_claim_migration (finished_at) values (now()) on conflict do nothing',
  );
}
