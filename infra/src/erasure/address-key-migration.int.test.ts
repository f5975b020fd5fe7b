import { randomBytes, randomUUID } from 'node:crypto';
import { staffIdOf, streams, userKeyOf } from '@nocturne/events';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { createTestDatabase, given, staffInvited, userRegistered } from '@nocturne/events/testing';
import { type AddressSources, PostgresPiiVault, waitlistSubject } from '@nocturne/vault';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSourcesOf, migrateToAddressKey } from './address-key-migration';

const SECRET = randomBytes(32).toString('hex');
const LEGACY_ACCOUNTS = 12;
const LEGACY_ENTRIES = 4;
const OLD_CLAIMS = 3;
const LEGACY_STAFF = 3;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: PostgresEventStore;
let vaults: PostgresPiiVault[];
let sql: pg.Client;
const legacy: { email: string; userKey: string; accountId: string }[] = [];
const entries: { email: string; entryKey: string }[] = [];
const claimed: { email: string; userKey: string; accountId: string }[] = [];
const staff: { email: string; staffId: string }[] = [];

const quiet = () => {};

/** A `StaffInvited` appended to `staff-{staffId}`, as the code before staff claims did. */
async function inviteStaff(vault: PostgresPiiVault, staffId: string, email: string) {
  const accountId = randomUUID();
  await given(store, streams.staff(staffId), [
    staffInvited({ accountId, email: await vault.encrypt(accountId, email) }),
  ]);
}

beforeAll(async () => {
  database = await createTestDatabase('addrkey');
  store = await PostgresEventStore.connect({ connectionString: database.url });
  vaults = [await PostgresPiiVault.connect(database.url), await PostgresPiiVault.connect(database.url)];
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const vault = vaults[0]!;
  const register = async (userKey: string, accountId: string, email: string) =>
    given(store, streams.user(userKey), [
      userRegistered({ accountId, email: await vault.encrypt(accountId, email) }),
    ]);
  for (let n = 0; n < LEGACY_ACCOUNTS; n++) {
    const email = `legacy-${n}-${randomUUID().slice(0, 6)}@example.com`;
    const account = { email, userKey: userKeyOf(email, SECRET), accountId: randomUUID() };
    await register(account.userKey, account.accountId, email);
    legacy.push(account);
  }
  for (let n = 0; n < LEGACY_ENTRIES; n++) {
    const email = `waiting-${n}-${randomUUID().slice(0, 6)}@example.com`;
    const entryKey = userKeyOf(email, SECRET);
    await given(store, streams.waitlist(entryKey), [
      {
        type: 'WaitlistJoined',
        data: { email: await vault.encrypt(waitlistSubject(entryKey), email), feedback: '' },
      },
    ]);
    entries.push({ email, entryKey });
  }
  // Claims made before the address key, under the application secret's digest.
  for (let n = 0; n < OLD_CLAIMS; n++) {
    const email = `claimed-${n}-${randomUUID().slice(0, 6)}@example.com`;
    const account = { email, userKey: randomBytes(16).toString('hex'), accountId: randomUUID() };
    await vault.claimAddress(userKeyOf(email, SECRET), account);
    await register(account.userKey, account.accountId, email);
    claimed.push(account);
  }
  // Staff members invited before staff claims, one of them removed since.
  for (let n = 0; n < LEGACY_STAFF; n++) {
    const email = `staff-${n}-${randomUUID().slice(0, 6)}@example.com`;
    const member = { email, staffId: staffIdOf(email, SECRET) };
    await inviteStaff(vault, member.staffId, email);
    if (n === 0) await given(store, streams.staff(member.staffId), [{ type: 'StaffRemoved', data: {} }]);
    staff.push(member);
  }
  // A claim whose signup never appended: nothing to re-key it by.
  await vault.claimAddress(userKeyOf('never-appended@example.com', SECRET), {
    userKey: randomBytes(16).toString('hex'),
    accountId: randomUUID(),
  });
  await sql.query('update vault.address_claims set under_address_key = false');
}, 60_000);

afterAll(async () => {
  await sql?.end();
  for (const vault of vaults ?? []) await vault.close();
  await store?.close();
  await database?.drop();
});

/** The log's addresses, with the scan cut short after `yields` of them (a crash). */
function crashingAfter(sources: AddressSources, yields: number): AddressSources {
  return {
    addressOfAccount: sources.addressOfAccount,
    async *addressesInLog(taken) {
      let n = 0;
      for await (const found of sources.addressesInLog(taken)) {
        if (n++ === yields) throw new Error('the process died');
        yield found;
      }
    },
    staffInLog: sources.staffInLog,
  };
}

describe('the move to the address key', () => {
  it('finishes after a crash, once, with two processes at it together; then does nothing', async () => {
    const [first, second] = vaults as [PostgresPiiVault, PostgresPiiVault];
    await expect(first.migrateToAddressKey(crashingAfter(addressSourcesOf(store, first), 5))).rejects.toThrow(
      'the process died',
    );

    const runs = await Promise.all([
      migrateToAddressKey(store, first, quiet),
      migrateToAddressKey(store, second, quiet),
    ]);
    // One of the two waited for the other's lock and found nothing left.
    expect(runs.filter((run) => Object.values(run).every((n) => n === 0))).toHaveLength(1);
    const total = (key: keyof (typeof runs)[0]) => runs[0]![key] + runs[1]![key];
    expect(total('accountsClaimed')).toBe(LEGACY_ACCOUNTS - 5);
    expect(total('waitlistClaimed')).toBe(LEGACY_ENTRIES);
    expect(total('staffClaimed')).toBe(LEGACY_STAFF);
    expect(total('rekeyed') + total('released')).toBe(0); // the crashed run had done them

    for (const account of [...legacy, ...claimed]) {
      expect(await second.addressHolder(second.addressDigest(account.email))).toEqual({
        userKey: account.userKey,
        accountId: account.accountId,
      });
      expect(await second.addressHolder(userKeyOf(account.email, SECRET))).toBeNull();
    }
    for (const entry of entries)
      expect(await second.waitlistEntryOf(second.addressDigest(entry.email))).toBe(entry.entryKey);
    for (const member of staff)
      expect(await second.staffMemberOf(second.addressDigest(member.email))).toBe(member.staffId);
    const { rows } = await sql.query<{ n: number; keys: number }>(
      'select count(*)::int as n, count(distinct user_key)::int as keys from vault.address_claims where under_address_key',
    );
    expect(rows[0]).toEqual({ n: LEGACY_ACCOUNTS + OLD_CLAIMS, keys: LEGACY_ACCOUNTS + OLD_CLAIMS });
    const { rows: left } = await sql.query('select from vault.address_claims where not under_address_key');
    expect(left).toHaveLength(0);

    expect(await migrateToAddressKey(store, first, quiet)).toEqual({
      rekeyed: 0,
      released: 0,
      accountsClaimed: 0,
      waitlistClaimed: 0,
      staffClaimed: 0,
    });
  }, 60_000);

  it('looks for claims still to re-key by a partial index, not by reading every claim at each start', async () => {
    await sql.query('begin');
    try {
      // A few rows make a sequential scan cheaper; the index must still be usable.
      await sql.query('set local enable_seqscan = off');
      const { rows } = await sql.query<{ 'QUERY PLAN': string }>(
        'explain select address_digest, user_key from vault.address_claims where not under_address_key',
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/address_claims_to_rekey/);
    } finally {
      await sql.query('rollback');
    }
  });

  it('claims the staff of a database whose accounts were moved before staff claims, the newest stream of an address', async () => {
    const vault = vaults[0]!;
    // Invited under an earlier APP_SECRET, then again under the one after it.
    const email = `twice-${randomUUID().slice(0, 6)}@example.com`;
    const earlier = staffIdOf(email, randomBytes(32).toString('hex'));
    await inviteStaff(vault, earlier, email);
    await inviteStaff(vault, staffIdOf(email, SECRET), email);
    await sql.query('delete from vault.staff_claim_migration');

    expect(await migrateToAddressKey(store, vault, quiet)).toMatchObject({
      accountsClaimed: 0,
      staffClaimed: 1,
    });
    expect(await vault.staffMemberOf(vault.addressDigest(email))).toBe(staffIdOf(email, SECRET));
    for (const member of staff)
      expect(await vault.staffMemberOf(vault.addressDigest(member.email))).toBe(member.staffId);
    expect((await migrateToAddressKey(store, vault, quiet)).staffClaimed).toBe(0);
  }, 60_000);
});
