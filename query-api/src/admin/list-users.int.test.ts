import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { userRegistered } from '@nocturne/events/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../stories/list/paging';
import { startTestQueryApi, type TestQueryApi } from '../testing/test-query-api';

/**
 * The admin panel's lists at a million accounts: the user list answers a page at a time by
 * cursor, narrows by address and state, and each read it and the story list make has an index.
 */
let api: TestQueryApi;
let adminCode: string;
const USERS = DEFAULT_PAGE_SIZE + 3;

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.baseUrl}${path}`, { headers });
  expect(response.status, path).toBe(200);
  return { headers: response.headers, body: (await response.json()) as unknown };
}

beforeAll(async () => {
  api = await startTestQueryApi('admin_user_list');
  const { vault } = api.ports;
  for (let n = 0; n < USERS; n++) {
    const accountId = randomUUID();
    const email = `bounded-${n}@example.com`;
    const registered = userRegistered({ accountId, email: await vault.encrypt(accountId, email) });
    const events =
      n % 2 === 0
        ? [registered, { type: 'EmailVerified' as const, data: { tokenDigest: 'a'.repeat(64) } }]
        : [registered];
    const userKey = randomUUID().replaceAll('-', '');
    await vault.claimAddress(vault.addressDigest(email), { userKey, accountId });
    await api.given(streams.user(userKey), events);
  }
  await api.project();
  adminCode = await api.adminCode();
});
afterAll(async () => {
  await api?.stop();
});

describe('the admin user list', () => {
  it('the admin user list answers a page at a time by cursor, with totals from the read model', async () => {
    const admin = { 'X-Admin-Code': adminCode };
    type Users = { users: { email: string }[]; total_users: number; verified_users: number };
    const first = await get('/api/admin/users', admin);
    const body = first.body as Users;
    expect(body.users).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(body.total_users).toBe(USERS);
    expect(body.verified_users).toBe(Math.ceil(USERS / 2));
    const seen = body.users.map((u) => u.email);
    let cursor = first.headers.get('x-next-cursor');
    expect(cursor).not.toBeNull();
    while (cursor) {
      const page = await get(`/api/admin/users?limit=2&cursor=${cursor}`, admin);
      seen.push(...(page.body as Users).users.map((u) => u.email));
      cursor = page.headers.get('x-next-cursor');
    }
    expect(new Set(seen).size).toBe(USERS);
    const found = await get('/api/admin/users?email=Bounded-7@example.com', admin);
    expect((found.body as Users).users.map((u) => u.email)).toEqual(['bounded-7@example.com']);
    for (const query of [
      'limit=0',
      'cursor=nope',
      `cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    ]) {
      const refused = await fetch(`${api.baseUrl}/api/admin/users?${query}`, { headers: admin });
      expect(refused.status, query).toBe(400);
    }
    const payments = await fetch(`${api.baseUrl}/api/admin/payments?limit=101`, { headers: admin });
    expect(payments.status).toBe(400);
  });

  it('the admin user list narrows by part of an address and by state, page by page, and refuses an unknown filter', async () => {
    const admin = { 'X-Admin-Code': adminCode };
    type Users = { users: { email: string; verified: boolean; account_id: string }[]; total_users: number };
    // Addresses bounded-1, bounded-1x: part of an address, case ignored.
    const part = (await get('/api/admin/users?q=%20Bounded-1&limit=100', admin)).body as Users;
    const expected = Array.from({ length: USERS }, (_, n) => `bounded-${n}@example.com`).filter((e) =>
      e.startsWith('bounded-1'),
    );
    expect(part.users.map((u) => u.email).sort()).toEqual(expected.sort());
    expect(part.total_users).toBe(USERS);
    // The unverified ones (odd n), read a page at a time by the same cursor.
    const seen: string[] = [];
    let path: string | null = '/api/admin/users?state=unverified&limit=3';
    while (path) {
      const page = await get(path, admin);
      const body = page.body as Users;
      expect(body.users.every((u) => !u.verified)).toBe(true);
      seen.push(...body.users.map((u) => u.email));
      const cursor = page.headers.get('x-next-cursor');
      path = cursor ? `/api/admin/users?state=unverified&limit=3&cursor=${cursor}` : null;
    }
    expect(seen.length).toBe(Math.floor(USERS / 2));
    expect(new Set(seen).size).toBe(seen.length);
    const none = (await get('/api/admin/users?premium=premium&flagged=true', admin)).body as Users;
    expect(none.users).toEqual([]);
    // One user by account id: what a shared link to a user's details opens.
    const account = part.users[0]!.account_id;
    const one = (await get(`/api/admin/users?account=${account.toUpperCase()}`, admin)).body as Users;
    expect(one.users.map((u) => u.email)).toEqual([part.users[0]!.email]);
    const nobody = (await get(`/api/admin/users?account=${randomUUID()}`, admin)).body as Users;
    expect(nobody.users).toEqual([]);
    for (const query of [
      'state=maybe',
      'premium=yes',
      'flagged=false',
      `q=${'a'.repeat(321)}`,
      'account=bounded-1',
    ]) {
      const refused = await fetch(`${api.baseUrl}/api/admin/users?${query}`, { headers: admin });
      expect(refused.status, query).toBe(400);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/must be/);
    }
  });

  it('every read of a large library or user base has an index to use, never a scan of the table', async () => {
    const plans: Record<string, string> = {
      'a page deep in the list': `select * from stories where hidden_reason is null and position < 1000 order by position desc limit 21`,
      "a tag's page": `select * from stories where hidden_reason is null and card->'tags' ? 'night' order by position desc limit 21`,
      "a tag's total": `select count(*) from stories where hidden_reason is null and card->'tags' ? 'night'`,
      'a page of the hidden stories': `select * from stories where hidden_reason is not null and position < 1000 order by position desc limit 21`,
      'an account by address': `select * from users where email = 'bounded-7@example.com'`,
      'an account by id': `select * from users where account_id = '${randomUUID()}'`,
      'a page deep in the users': `select * from users where (created_at, user_key) < (now(), 'k') order by created_at desc, user_key desc limit 101`,
      'the pending payments': `select * from pending_payments where position > 0 order by position limit 101`,
    };
    // Read in order from their index, without sorting what they found.
    const ordered = [
      'a page deep in the list',
      'a page of the hidden stories',
      'a page deep in the users',
      'the pending payments',
    ];
    for (const [name, query] of Object.entries(plans)) {
      const plan = await api.db.transaction().execute(async (trx) => {
        // The planner scans a table this small; with scans priced out, a plan without one shows an index serves the query.
        await sql`set local enable_seqscan = off`.execute(trx);
        if (ordered.includes(name)) await sql`set local enable_bitmapscan = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, name).not.toMatch(/Seq Scan/);
      if (ordered.includes(name)) expect(plan, name).not.toMatch(/Sort/);
    }
  });
});
