import { streams } from '@nocturne/events';
import {
  adminToken,
  createVerifiedUser,
  logIn,
  setPremium,
  signUp,
  verifyEmail,
} from '@nocturne/test-kit/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../cli/audit';
import { runIntegrityCli } from '../cli/integrity-cli';
import { startTestSystem, type TestSystem } from '../system/test-system';

/**
 * Erasure forgets the address: whoever holds the database (and with it the vault's address key)
 * computes the address's digest and finds nothing of the erased account in the log, while the log's chain stays intact
 * and the account's amounts stay auditable by its account id.
 */
let system: TestSystem;
let sql: pg.Client;
let admin: string;

beforeAll(async () => {
  system = await startTestSystem();
  sql = new pg.Client({ connectionString: system.config.databaseUrl });
  await sql.connect();
  admin = await adminToken(system.baseUrl, system.config.adminPassword);
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await system?.stop();
});

/** Events whose stream name, data or metadata hold `text` (case-insensitive). */
async function eventsHolding(text: string): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `select count(*) as n from es_events
     where position(lower($1) in lower(stream_name || ' ' || data::text || ' ' || metadata::text)) > 0`,
    [text],
  );
  return Number(rows[0]!.n);
}

async function audit(args: string[]) {
  let out = '';
  const code = await runAudit(args, system.config, { out: (t) => (out += t), err: () => {} });
  return { code, out };
}

describe('an erased account, seen from its address', () => {
  it('leaves no event the address digest leads to; the address signs up again afresh; the chain and the books hold', async () => {
    const user = await createVerifiedUser(system.baseUrl, { prefix: 'forgotten' });
    const pay = await fetch(`${system.baseUrl}/api/payment/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ amount: 15, transaction_id: 'FORGET-1', payment_method: 'paypal' }),
    });
    expect(pay.status).toBe(200);
    await setPremium(system.baseUrl, admin, user.email, true);

    const digest = system.infra.vault.addressDigest(user.email);
    const holder = (await system.infra.vault.addressHolder(digest))!;
    expect(holder).not.toBeNull();
    // The account's stream is named by its random key, never by the address's digest.
    expect(holder.userKey).not.toBe(digest);
    expect((await system.infra.store.readStream(streams.user(holder.userKey))).length).toBeGreaterThan(3);
    expect(await eventsHolding(digest)).toBe(0);

    const erased = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(user.email)}`, {
      method: 'DELETE',
      headers: { 'X-Admin-Code': admin },
    });
    expect(erased.status).toBe(200);

    // From the address: no claim, no stream, no event naming the digest or the address.
    expect(await system.infra.vault.addressHolder(digest)).toBeNull();
    expect(await system.infra.store.readStream(streams.user(digest))).toEqual([]);
    expect(await eventsHolding(digest)).toBe(0);
    expect(await eventsHolding(user.email)).toBe(0);
    // The account's events are all still there (append-only), just unreachable from the address.
    expect((await system.infra.store.readStream(streams.user(holder.userKey))).at(-1)?.type).toBe(
      'UserDeleted',
    );

    // The same address signs up again: a new account, with nothing of the old one.
    await verifyEmail(system.baseUrl, await signUp(system.baseUrl, user.email, 'a-new-password-7'));
    const again = await logIn(system.baseUrl, user.email, 'a-new-password-7');
    expect(again.user).toMatchObject({ is_subscribed: false, premium_stories_remaining: 0 });
    const renewed = (await system.infra.vault.addressHolder(digest))!;
    expect(renewed.userKey).not.toBe(holder.userKey);
    expect(renewed.accountId).not.toBe(holder.accountId);
    expect((await system.infra.store.readStream(streams.user(renewed.userKey))).map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerified',
      'UserLoggedIn',
    ]);
    // The old password opens nothing.
    const old = await fetch(`${system.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(old.status).toBe(401);

    let verified = '';
    expect(
      await runIntegrityCli('log', [], system.config, { out: (t) => (verified += t), err: () => {} }),
    ).toBe(0);
    expect(verified).toMatch(/^Intact through position \d+\./);

    const books = await audit(['--account', holder.accountId]);
    expect(books.code).toBe(0);
    expect(books.out).toContain('Account: [erased]');
    // The amount stays in the books; the payment method went with the account's key.
    expect(books.out).toContain('payment confirmation: $15  by the user');
    expect(books.out).toContain('account deleted (personal data erased)');
    for (const gone of [user.email, 'FORGET-1', 'paypal', digest]) expect(books.out).not.toContain(gone);
  });

  it('lets two signups of one new address race to one account', async () => {
    const email = `racer-${Date.now().toString(36)}@example.com`;
    const answers = await Promise.all(
      ['first-password-1', 'second-password-2'].map((password) =>
        fetch(`${system.baseUrl}/api/auth/signup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password, age_confirmed: true }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const holder = (await system.infra.vault.addressHolder(system.infra.vault.addressDigest(email)))!;
    const types = (await system.infra.store.readStream(streams.user(holder.userKey))).map((e) => e.type);
    expect(types[0]).toBe('UserRegistered');
    expect(types.filter((t) => t === 'UserRegistered')).toHaveLength(1);
  });
});
