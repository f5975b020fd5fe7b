import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evolveUser, initialUserState } from '@nocturne/domain';
import { staffIdOf, streams, userKeyOf } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { createTestDatabase, given, staffInvited, testNatsUrl, uniqueName } from '@nocturne/events/testing';
import { adminToken, logIn, signUp, verifyEmail } from '@nocturne/test-kit/api-client';
import { enrolStaffMember, logInStaff, totpCode } from '@nocturne/test-kit/staff-api-client';
import { waitlistSubject } from '@nocturne/vault';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../cli/audit';
import { runIntegrityCli } from '../cli/integrity-cli';
import type { AppConfig } from '../config';
import { type RunningSystem, startSystem } from '../system/start-system';
import { testConfig } from '../test-env/test-config';

/**
 * An account that signed up before address claims existed: its stream is keyed by the HMAC of its
 * address under APP_SECRET, as the code of that time appended it. The start that migrates gives
 * it a claim; once it is erased and APP_SECRET replaced, nothing leads from its address to it.
 * A staff member invited before staff claims (their stream named by such an HMAC too) gets a
 * staff claim from the same migration, and keeps logging in after APP_SECRET is replaced.
 */
const OLD_SECRET = randomBytes(32).toString('hex');
const NEW_SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'legacy-password-1';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let config: AppConfig;
let system: RunningSystem | undefined;
let sql: pg.Client;

async function start(secret: string): Promise<string> {
  await system?.stop();
  config = { ...config, secret };
  system = await startSystem(config, { log: () => {}, logError: () => {}, host: '127.0.0.1' });
  return system.address;
}

beforeAll(async () => {
  database = await createTestDatabase('legacy');
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-test-data-'));
  config = testConfig({
    databaseUrl: database.url,
    natsUrl: testNatsUrl(),
    natsSubjectPrefix: uniqueName('nt'),
    dataDir,
    secret: OLD_SECRET,
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await sql?.end();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function audit(args: string[]) {
  let out = '';
  let err = '';
  const code = await runAudit(args, config, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** The database as the version before the address key left it: no migration has run yet. */
async function asBeforeTheAddressKey(): Promise<void> {
  await sql.query('delete from vault.address_key_migration');
}

describe('an account from before address claims', () => {
  it('is claimed by the migration, still logs in, and after its erasure and a new APP_SECRET nothing reaches it from its address', async () => {
    let baseUrl = await start(OLD_SECRET);
    const { store, vault } = system!.infra;
    const admin = await adminToken(baseUrl, config.adminPassword);

    // A donor account only lends an argon2 hash of PASSWORD to the legacy account below.
    const donor = `donor-${randomUUID().slice(0, 8)}@example.com`;
    await signUp(baseUrl, donor, PASSWORD);
    const donorState = (
      await aggregateStream(
        store,
        streams.user((await vault.addressHolder(vault.addressDigest(donor)))!.userKey),
        evolveUser,
        initialUserState,
      )
    ).state;
    const passwordHash = (await vault.decrypt(donorState.encryptedPasswordHash!))!;

    // The legacy account, appended the way the code before claims did.
    const email = `legacy-${randomUUID().slice(0, 8)}@example.com`;
    const legacyKey = userKeyOf(email, OLD_SECRET);
    const accountId = randomUUID();
    await given(store, streams.user(legacyKey), [
      {
        type: 'UserRegistered',
        data: {
          accountId,
          email: await vault.encrypt(accountId, email),
          passwordHash: await vault.encrypt(accountId, passwordHash),
          ageConfirmedAt: new Date().toISOString(),
          verification: {
            tokenDigest: 'b'.repeat(64),
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        },
      },
      { type: 'EmailVerified', data: { tokenDigest: 'b'.repeat(64) } },
      {
        type: 'PaymentConfirmationSubmitted',
        data: {
          email: await vault.encrypt(accountId, email),
          amount: 15,
          transactionId: await vault.encrypt(accountId, 'LEGACY-TX-1'),
          paymentMethod: await vault.encrypt(accountId, 'paypal'),
        },
      },
    ]);
    // Its waitlist entry from before, keyed by the same digest.
    await given(store, streams.waitlist(legacyKey), [
      {
        type: 'WaitlistJoined',
        data: { email: await vault.encrypt(waitlistSubject(legacyKey), email), feedback: 'early' },
      },
    ]);
    // And an account whose claim was made before the address key: keyed by the old digest.
    const claimedEarlier = `claimed-${randomUUID().slice(0, 8)}@example.com`;
    await verifyEmail(baseUrl, await signUp(baseUrl, claimedEarlier, PASSWORD));
    await sql.query(
      `update vault.address_claims set address_digest = $2, under_address_key = false where address_digest = $1`,
      [vault.addressDigest(claimedEarlier), userKeyOf(claimedEarlier, OLD_SECRET)],
    );
    await asBeforeTheAddressKey();

    // The upgrade: a start migrates. The legacy account logs in, admins find it by e-mail.
    baseUrl = await start(OLD_SECRET);
    const migrated = system!.infra.vault;
    expect(await migrated.addressHolder(migrated.addressDigest(email))).toEqual({
      userKey: legacyKey,
      accountId,
    });
    expect(await migrated.waitlistEntryOf(migrated.addressDigest(email))).toBe(legacyKey);
    // Lookups no longer know the application secret's digest.
    expect(await migrated.addressHolder(legacyKey)).toBeNull();
    expect((await logIn(baseUrl, email, PASSWORD)).user.is_subscribed).toBe(false);
    expect((await logIn(baseUrl, claimedEarlier, PASSWORD)).token).toBeTruthy();
    const history = await fetch(`${baseUrl}/api/admin/users/${encodeURIComponent(email)}/history`, {
      headers: { 'X-Admin-Code': admin },
    });
    expect(history.status).toBe(200);
    expect(await audit(['--email', email])).toMatchObject({ code: 0 });
    // Joining the waitlist again finds the entry from before: still one entry.
    await fetch(`${baseUrl}/api/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(await migrated.waitlistEntryOf(migrated.addressDigest(email))).toBe(legacyKey);

    const erased = await fetch(`${baseUrl}/api/admin/users/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      headers: { 'X-Admin-Code': admin },
    });
    expect(erased.status).toBe(200);

    // The operator's step: a new APP_SECRET. The old stream name can no longer be computed.
    baseUrl = await start(NEW_SECRET);
    const newAdmin = await adminToken(baseUrl, config.adminPassword);
    const after = system!.infra;
    expect(await after.vault.addressHolder(after.vault.addressDigest(email))).toBeNull();
    expect(await after.vault.waitlistEntryOf(after.vault.addressDigest(email))).toBeNull();
    expect(await after.store.readStream(streams.user(userKeyOf(email, NEW_SECRET)))).toEqual([]);
    const { rows } = await sql.query(
      `select (select count(*) from vault.address_claims where user_key = $1 or subject = $2)::int
            + (select count(*) from vault.waitlist_claims where entry_key = $1)::int
            + (select count(*) from vault.pii_keys where subject in ($2, $3))::int as n`,
      [legacyKey, accountId, waitlistSubject(legacyKey)],
    );
    expect(rows[0].n).toBe(0);

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(401);
    const byAdmin = { headers: { 'X-Admin-Code': newAdmin } };
    const path = `${baseUrl}/api/admin/users/${encodeURIComponent(email)}`;
    expect((await fetch(`${path}/history`, byAdmin)).status).toBe(404);
    expect((await fetch(path, { ...byAdmin, method: 'DELETE' })).status).toBe(404);
    const byAddress = await audit(['--email', email]);
    expect(byAddress).toMatchObject({ code: 1, out: '' });

    // The address signs up again: a new account, with nothing of the legacy one.
    await verifyEmail(baseUrl, await signUp(baseUrl, email, 'a-new-password-2'));
    expect((await logIn(baseUrl, email, 'a-new-password-2')).user).toMatchObject({
      is_subscribed: false,
      premium_stories_remaining: 0,
    });
    const renewed = (await after.vault.addressHolder(after.vault.addressDigest(email)))!;
    expect(renewed.userKey).not.toBe(legacyKey);
    expect(renewed.accountId).not.toBe(accountId);
    const again = await audit(['--email', email]);
    expect(again.code).toBe(0);
    expect(again.out).not.toContain('LEGACY-TX-1');
    expect(again.out).not.toContain('$15');

    // The books: the legacy account's amounts, by account id; the log's chain intact.
    const books = await audit(['--account', accountId]);
    expect(books.code).toBe(0);
    expect(books.out).toContain('Account: [erased]');
    expect(books.out).toContain('payment confirmation: $15');
    for (const gone of [email, 'LEGACY-TX-1', 'paypal']) expect(books.out).not.toContain(gone);
    let verified = '';
    expect(await runIntegrityCli('log', [], config, { out: (t) => (verified += t), err: () => {} })).toBe(0);
    expect(verified).toMatch(/^Intact through position \d+\./);
  }, 120_000);
});

/** The database as the version before staff claims left it: its accounts already moved. */
async function asBeforeStaffClaims(): Promise<void> {
  await sql.query('delete from vault.staff_claim_migration');
}

async function staffLogin(baseUrl: string, body: { email: string; password: string; code: string }) {
  const response = await fetch(`${baseUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a staff member from before staff claims', () => {
  it('is claimed by the migration and, after a new APP_SECRET, still logs in with password and code, in their role', async () => {
    let baseUrl = await start(OLD_SECRET);
    const { store, vault } = system!.infra;
    // A member invited today lends an argon2 hash of their password and a TOTP secret.
    const donor = await enrolStaffMember(
      baseUrl,
      await adminToken(baseUrl, config.adminPassword),
      'moderator',
    );
    const donorEvents = await store.readStream(streams.staff(donor.staffId));
    const sealedHash = donorEvents.find((e) => e.type === 'StaffPasswordSet')!.data as {
      passwordHash: string;
    };
    const passwordHash = (await vault.decrypt(sealedHash.passwordHash))!;

    // The member, appended the way the code before staff claims did: invited, enrolled, made auditor.
    const email = `legacy-staff-${randomUUID().slice(0, 8)}@example.com`;
    const staffId = staffIdOf(email, OLD_SECRET);
    const accountId = randomUUID();
    const tokenDigest = 'd'.repeat(64);
    await given(store, streams.staff(staffId), [
      staffInvited({ accountId, email: await vault.encrypt(accountId, email), tokenDigest }),
      {
        type: 'StaffPasswordSet',
        data: { tokenDigest, passwordHash: await vault.encrypt(accountId, passwordHash) },
      },
      {
        type: 'StaffSecondFactorEnrolled',
        data: {
          tokenDigest,
          totpSecret: await vault.encrypt(accountId, donor.totpSecret),
          recoveryCodeDigests: Array.from({ length: 10 }, (_, n) => n.toString(16).repeat(64)),
        },
      },
      { type: 'StaffRoleChanged', data: { role: 'auditor' } },
    ]);
    await asBeforeStaffClaims();

    // The upgrade: a start claims the member at their stream.
    baseUrl = await start(OLD_SECRET);
    expect(await system!.infra.vault.staffMemberOf(system!.infra.vault.addressDigest(email))).toBe(staffId);

    // The operator's step: a new APP_SECRET. The member logs in, in their role, at their stream.
    baseUrl = await start(NEW_SECRET);
    const credentials = { email, password: donor.password, code: await totpCode(donor.totpSecret) };
    const login = await staffLogin(baseUrl, credentials);
    expect(login).toMatchObject({ status: 200, body: { role: 'auditor', staff_id: staffId } });
    const session = { 'X-Admin-Code': login.body.token as string };
    // The session has the auditor's rights: users read, the report queue not.
    expect((await fetch(`${baseUrl}/api/admin/users`, { headers: session })).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/admin/reports`, { headers: session })).status).toBe(403);
    // The code is spent: the same one again is refused, as any wrong one.
    expect((await staffLogin(baseUrl, credentials)).status).toBe(401);
    expect((await staffLogin(baseUrl, { ...credentials, password: 'not-the-password-1' })).status).toBe(401);

    // The owner still manages them by the same id, and the address is still staff.
    const owner = {
      'Content-Type': 'application/json',
      'X-Admin-Code': await adminToken(baseUrl, config.adminPassword),
    };
    const changed = await fetch(`${baseUrl}/api/admin/staff/${staffId}/role`, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(changed.status).toBe(200);
    const again = await fetch(`${baseUrl}/api/admin/staff`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ email, role: 'moderator' }),
    });
    expect(again.status).toBe(409);
    // The member invited with a staff claim logs in too.
    expect(await logInStaff(baseUrl, donor)).toBeTruthy();

    // Removed: the session opened after the new secret ends with it.
    const removed = await fetch(`${baseUrl}/api/admin/staff/${staffId}`, {
      method: 'DELETE',
      headers: { 'X-Admin-Code': owner['X-Admin-Code'] },
    });
    expect(removed.status).toBe(200);
    expect((await fetch(`${baseUrl}/api/admin/users`, { headers: session })).status).toBe(401);
  }, 120_000);
});
