import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { createReadModelDb, migrateReadModel, ProjectionRunner, projections } from '@nocturne/projector';
import { accountKeyOf } from '@nocturne/test-kit/account-key';
import {
  type ApiAnswer,
  type ApiRequest,
  apiCall,
  adminToken as validateAdmin,
} from '@nocturne/test-kit/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

/**
 * The purchase and admin features against the whole running product (one process, real
 * PostgreSQL, NATS): payment, grant, revoke, unlock quota, statistics, audit replay and an
 * erasure that really erases. The failed-password lockout runs last: it locks this IP out of
 * /api/admin/validate for a minute.
 */
let system: TestSystem;
let adminToken: string;

beforeAll(async () => {
  system = await startTestSystem();
  adminToken = await validateAdmin(system.baseUrl, TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await system?.stop();
});

let lastPosition = '0';

/** A request that reads after the latest write this file has seen, and notes the one it makes. */
async function call(method: string, path: string, request: ApiRequest = {}): Promise<ApiAnswer> {
  const answer = await apiCall(system.baseUrl, method, path, { after: lastPosition, ...request });
  if (answer.position && Number(answer.position) > Number(lastPosition)) lastPosition = answer.position;
  return answer;
}

const asAdmin = (
  method: string,
  path: string,
  options: { form?: Record<string, string>; client?: string } = {},
) => call(method, path, { ...options, admin: adminToken });

const userPath = (email: string, rest = '') => `/api/admin/users/${encodeURIComponent(email)}${rest}`;

async function signUp(email: string): Promise<string> {
  const answer = await call('POST', '/api/auth/signup', {
    body: { email, password: 'secret-pass-1', age_confirmed: true },
  });
  expect(answer.status).toBe(200);
  return (answer.body as { verification_token: string }).verification_token;
}

async function signUpVerifiedAndLogIn(email: string): Promise<string> {
  const token = await signUp(email);
  expect((await call('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
  const login = await call('POST', '/api/auth/login', { body: { email, password: 'secret-pass-1' } });
  expect(login.status).toBe(200);
  return (login.body as { token: string }).token;
}

async function me(token: string) {
  return (await call('GET', '/api/auth/me', { token })).body as {
    is_subscribed: boolean;
    premium_stories_remaining: number;
  };
}

async function publishPremiumStories(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = storyPublished({ isPremium: true });
    const result = await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
    lastPosition = String(result.position);
    ids.push(event.data.storyId);
  }
  return ids;
}

/** Every text column of every table of a schema, as one string per row. */
async function rowsOfSchema(client: pg.Client, schema: string): Promise<string[]> {
  const { rows: tables } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`,
    [schema],
  );
  const out: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await client.query(`select t::text as row from "${schema}"."${table_name}" t`);
    out.push(...rows.map((r) => `${table_name}: ${r.row}`));
  }
  return out;
}

describe('admin authentication', () => {
  it('every admin endpoint refuses a missing or wrong X-Admin-Code', async () => {
    const email = 'nobody@example.test';
    const endpoints: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/monthly-stats'],
      ['GET', '/api/admin/payments'],
      ['GET', userPath(email, '/history')],
      ['PUT', userPath(email, '/subscription')],
      ['POST', userPath(email, '/resend-verification')],
      ['DELETE', userPath(email)],
      ['DELETE', `/api/stories/${randomUUID()}`],
    ];
    for (const [i, [method, path]] of endpoints.entries()) {
      const form = method === 'PUT' ? { is_subscribed: 'true' } : undefined;
      const missing = await call(method, path, { form });
      expect(missing.status, `${method} ${path} without a code`).toBe(401);
      expect(missing.body).toEqual({ detail: expect.any(String) });
      // Each from a client of its own: wrong codes count toward a client's failure budget.
      const wrong = await call(method, path, { form, admin: 'not-the-password', client: `10.1.${i}.1` });
      expect(wrong.status, `${method} ${path} with a wrong code`).toBe(401);
      const forged = await call(method, path, {
        form,
        admin: `${adminToken.slice(0, -2)}xx`,
        client: `10.1.${i}.2`,
      });
      expect(forged.status, `${method} ${path} with a forged token`).toBe(401);
    }
  });

  it('accepts the admin token and the password itself', async () => {
    expect((await call('GET', '/api/admin/users', { admin: adminToken })).status).toBe(200);
    expect((await call('GET', '/api/admin/users', { admin: TEST_ADMIN_PASSWORD })).status).toBe(200);
  });
});

describe('admin guessing: one authentication, one failure budget per client', () => {
  it("a wrong code is 401 on any route and method (GET /api/stories too); past 5, that client's password and guesses are 429 until the window ends, never a live session", async () => {
    const client = '10.2.0.1';
    const wrongs: [string, string][] = [
      ['GET', '/api/stories'],
      ['GET', '/api/admin/users'],
      ['POST', `/api/stories/${randomUUID()}/like`],
      ['GET', '/api/no-such-route'],
      ['POST', '/api/admin/validate'],
    ];
    for (const [method, path] of wrongs) {
      const answer = await call(method, path, { admin: 'a-wrong-guess', client });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    for (const admin of [TEST_ADMIN_PASSWORD, 'a-wrong-guess']) {
      const response = await fetch(`${system.baseUrl}/api/admin/users`, {
        headers: { 'X-Admin-Code': admin, 'X-Forwarded-For': client },
      });
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await response.json()).toEqual({ detail: expect.any(String) });
    }
    // A live session is served from that client all the same (others' guesses never lock the
    // staff out, even behind one proxy); without the header the client is an ordinary visitor;
    // another client is not affected.
    expect((await call('GET', '/api/admin/users', { admin: adminToken, client })).status).toBe(200);
    expect((await call('GET', '/api/stories', { client })).status).toBe(200);
    expect((await call('GET', '/api/admin/users', { admin: adminToken, client: '10.2.0.2' })).status).toBe(
      200,
    );
  });

  it('charges the budget before comparing: 12 parallel guesses get at most 5 comparisons, the rest 429', async () => {
    const client = '10.2.1.1';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/admin/validate', { admin: `guess-${i}`, client }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await call('POST', '/api/admin/validate', { admin: TEST_ADMIN_PASSWORD, client })).status).toBe(
      429,
    );
  });
});

describe('admin sessions: server-side, revocable, named in events', () => {
  it("the panel's logout revokes the token at once", async () => {
    const client = '10.3.0.1';
    const login = await call('POST', '/api/admin/validate', { admin: TEST_ADMIN_PASSWORD, client });
    const token = (login.body as { token: string }).token;
    expect((await call('GET', '/api/admin/users', { admin: token, client })).status).toBe(200);
    expect((await call('POST', '/api/admin/logout', { admin: token, client })).status).toBe(200);
    expect((await call('GET', '/api/admin/users', { admin: token, client })).status).toBe(401);
    expect((await call('POST', '/api/admin/logout', { admin: token, client })).status).toBe(401);
  });

  it('an event caused with the password itself names an admin session, never "password"', async () => {
    const email = `named-${randomUUID().slice(0, 8)}@example.test`;
    await signUpVerifiedAndLogIn(email);
    const grant = await call('PUT', userPath(email, '/subscription'), {
      form: { is_subscribed: 'true' },
      admin: TEST_ADMIN_PASSWORD,
      client: '10.3.0.2',
    });
    expect(grant.status).toBe(200);
    const stream = streams.user(await accountKeyOf(system.infra.vault, email));
    const granted = (await system.infra.store.readStream(stream)).find((e) => e.type === 'PremiumGranted');
    const actor = (granted!.metadata as { actor: { kind: string; session: string } }).actor;
    expect(actor.kind).toBe('admin');
    expect(actor.session).not.toBe('password');
    expect(actor.session).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});

describe('purchase, grant, quota and audit replay', () => {
  it('payment, pending list, grant, 30 unlocks, grant again leaves 30; the replay matches /api/auth/me', async () => {
    const email = `buyer-${randomUUID().slice(0, 8)}@example.test`;
    const token = await signUpVerifiedAndLogIn(email);
    const stories = await publishPremiumStories(31);

    // Payment confirmation: logged in, the price or the discounted price, a transaction once.
    const payment = {
      email: 'someone-else@example.test',
      amount: 10,
      transaction_id: 'TX-1',
      payment_method: 'paypal',
    };
    expect((await call('POST', '/api/payment/confirm', { body: payment })).status).toBe(401);
    expect(
      (await call('POST', '/api/payment/confirm', { body: { ...payment, amount: 12 }, token })).status,
    ).toBe(400);
    expect((await call('POST', '/api/payment/confirm', { body: payment, token })).status).toBe(200);
    expect((await call('POST', '/api/payment/confirm', { body: payment, token })).status).toBe(200);
    const userStream = streams.user(await accountKeyOf(system.infra.vault, email));
    const recorded = (await system.infra.store.readStream(userStream)).filter(
      (e) => e.type === 'PaymentConfirmationSubmitted',
    );
    expect(recorded).toHaveLength(1);
    // Sent at once, one id is still recorded once: the ids are compared in the state each
    // attempt reads, so the second writer is decided again after the first one's append.
    const twice = { ...payment, transaction_id: 'TX-AT-ONCE' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/payment/confirm', { body: twice, token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const atOnce = (await system.infra.store.readStream(userStream)).filter(
      (e) => e.type === 'PaymentConfirmationSubmitted',
    );
    expect(atOnce).toHaveLength(2);

    const pending = (await asAdmin('GET', '/api/admin/payments')).body as {
      payments: { email: string; amount: number; transaction_id: string }[];
    };
    expect(pending.payments).toContainEqual(
      expect.objectContaining({ email, amount: 10, transaction_id: 'TX-1' }),
    );

    const before = await me(token);
    expect(before).toMatchObject({ is_subscribed: false, premium_stories_remaining: 0 });
    const beforeGrant = new Date();
    await sleep(20);

    const grant = await asAdmin('PUT', userPath(email, '/subscription'), { form: { is_subscribed: 'true' } });
    expect(grant.status).toBe(200);
    const granted = await me(token);
    expect(granted).toMatchObject({ is_subscribed: true, premium_stories_remaining: 30 });
    const afterGrant = new Date();
    await sleep(20);
    const stillPending = (await asAdmin('GET', '/api/admin/payments')).body as {
      payments: { email: string }[];
    };
    expect(stillPending.payments.map((p) => p.email)).not.toContain(email);

    // The grant's metadata names the admin session and the IP.
    const grantEvent = (await system.infra.store.readStream(userStream)).find(
      (e) => e.type === 'PremiumGranted',
    );
    expect(grantEvent?.metadata).toMatchObject({
      actor: { kind: 'admin', session: expect.any(String), ip: expect.any(String) },
    });

    for (const id of stories.slice(0, 30)) {
      expect((await call('GET', `/api/stories/${id}`, { token })).status).toBe(200);
    }
    expect((await call('GET', `/api/stories/${stories[30]}`, { token })).status).toBe(402);
    // An unlocked story is free to re-read.
    expect((await call('GET', `/api/stories/${stories[0]}`, { token })).status).toBe(200);
    const spent = await me(token);
    expect(spent).toMatchObject({ is_subscribed: true, premium_stories_remaining: 0 });
    const afterUnlocks = new Date();
    await sleep(20);

    expect(
      (await asAdmin('PUT', userPath(email, '/subscription'), { form: { is_subscribed: 'true' } })).status,
    ).toBe(200);
    const regranted = await me(token);
    expect(regranted).toMatchObject({ is_subscribed: true, premium_stories_remaining: 30 });

    expect(
      (await asAdmin('PUT', userPath(email, '/subscription'), { form: { is_subscribed: 'false' } })).status,
    ).toBe(200);
    const revoked = await me(token);
    expect(revoked).toMatchObject({ is_subscribed: false, premium_stories_remaining: 0 });
    expect((await call('GET', `/api/stories/${stories[30]}`, { token })).status).toBe(402);
    expect(
      (await asAdmin('PUT', userPath(email, '/subscription'), { form: { is_subscribed: 'maybe' } })).status,
    ).toBe(400);

    // The audit replay, as of each of those moments, says what /api/auth/me said then.
    const replay = async (asOf: Date) =>
      (await asAdmin('GET', userPath(email, `/history?as_of=${encodeURIComponent(asOf.toISOString())}`)))
        .body as {
        email: string;
        state: { premium: boolean; stories_remaining: number; stories_unlocked: string[] };
        timeline: { type: string; who: string; actor: { kind: string } }[];
      };
    for (const [at, said, unlocked] of [
      [beforeGrant, before, 0],
      [afterGrant, granted, 0],
      [afterUnlocks, spent, 30],
      [new Date(), revoked, 30],
    ] as const) {
      const history = await replay(at);
      expect(history.state.premium).toBe(said.is_subscribed);
      expect(history.state.stories_remaining).toBe(said.premium_stories_remaining);
      expect(history.state.stories_unlocked).toHaveLength(unlocked);
    }
    const full = await replay(new Date());
    expect(full.email).toBe(email);
    const types = full.timeline.map((e) => e.type);
    // TX-1 and TX-AT-ONCE, each once.
    expect(types.filter((t) => t === 'PaymentConfirmationSubmitted')).toHaveLength(2);
    expect(types.filter((t) => t === 'PremiumGranted')).toHaveLength(2);
    expect(types.filter((t) => t === 'PremiumRevoked')).toHaveLength(1);
    expect(types.filter((t) => t === 'PremiumStoryUnlocked')).toHaveLength(30);
    expect(full.timeline.find((e) => e.type === 'PremiumGranted')?.who).toMatch(/^admin session .+ from /);
    expect(full.timeline.find((e) => e.type === 'PaymentConfirmationSubmitted')?.who).toBe('the user');

    // Statistics: this month's registration, verification and premium; the 30-day premium member count.
    const month = new Date().toISOString().slice(0, 7);
    const stats = (await asAdmin('GET', '/api/admin/users/monthly-stats')).body as {
      monthly_stats: { month: string; registrations: number; verified: number; premium: number }[];
    };
    expect(stats.monthly_stats.at(-1)).toMatchObject({ month });
    expect(stats.monthly_stats.at(-1)!.registrations).toBeGreaterThanOrEqual(1);
    expect(stats.monthly_stats.at(-1)!.verified).toBeGreaterThanOrEqual(1);
    expect(stats.monthly_stats.at(-1)!.premium).toBeGreaterThanOrEqual(1);
    const premiumMembers = (await call('GET', '/api/stats/subscribers')).body as { last_30_days: number };
    expect(premiumMembers.last_30_days).toBeGreaterThanOrEqual(1);

    const users = (await asAdmin('GET', '/api/admin/users')).body as {
      users: { email: string; premium_stories_remaining: number }[];
      total_users: number;
      verified_users: number;
      subscribed_users: number;
    };
    expect(users.users.find((u) => u.email === email)).toMatchObject({
      verified: true,
      is_subscribed: false,
    });
    expect(users.total_users).toBe(users.users.length);
  });

  it('revoke means revoke: every premium story is 402 again, unlocked ones too, until granted again', async () => {
    const email = `revoked-${randomUUID().slice(0, 8)}@example.test`;
    const token = await signUpVerifiedAndLogIn(email);
    const [read, unread] = await publishPremiumStories(2);
    const setPremium = (on: boolean) =>
      asAdmin('PUT', userPath(email, '/subscription'), { form: { is_subscribed: String(on) } });
    const listed = async () =>
      ((await call('GET', '/api/stories', { token })).body as { id: string; texts: string[] }[]).find(
        (s) => s.id === read,
      );

    expect((await setPremium(true)).status).toBe(200);
    expect((await call('GET', `/api/stories/${read}`, { token })).status).toBe(200);
    const fullTexts = (await listed())!.texts.length;

    expect((await setPremium(false)).status).toBe(200);
    for (const id of [read, unread]) {
      const answer = await call('GET', `/api/stories/${id}`, { token });
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ detail: expect.stringMatching(/premium/i) });
    }
    // The list no longer shows the unlocked story in full either.
    expect((await listed())!.texts.length).toBeLessThan(fullTexts);

    expect((await setPremium(true)).status).toBe(200);
    expect((await call('GET', `/api/stories/${read}`, { token })).status).toBe(200);
    // Re-reading the story unlocked before spends nothing.
    expect(await me(token)).toMatchObject({ is_subscribed: true, premium_stories_remaining: 30 });
  });
});

/** The .eml files of the development outbox whose To header names the address. */
async function outboxMailsTo(address: string): Promise<string[]> {
  const dir = join(system.config.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.map(async (name) => ({ name, text: await readFile(join(dir, name), 'utf8') })),
  );
  return mails.filter((mail) => mail.text.includes(`To: ${address}`)).map((mail) => mail.name);
}

describe('deletion erases', () => {
  it('leaves the address, transaction ids and admin IPs in no read model, answer, audit replay, rebuild, raw event or outbox mail', async () => {
    const email = `erase-${randomUUID().slice(0, 8)}@example.test`;
    const bystander = `keep-${randomUUID().slice(0, 8)}@example.test`;
    const adminIp = '203.0.113.77';
    const token = await signUpVerifiedAndLogIn(email);
    const other = await call('POST', '/api/auth/signup', {
      body: { email: bystander, password: 'secret-pass-1', age_confirmed: true },
      client: '198.51.100.23', // the signup limit of this test's own address is spent below
    });
    expect(other.status).toBe(200);
    await call('POST', '/api/payment/confirm', {
      body: { email, amount: 15, transaction_id: 'ERASE-1', payment_method: 'paypal' },
      token,
    });
    await call('POST', '/api/waitlist', { form: { email, feedback: 'x' } });
    await asAdmin('PUT', userPath(email, '/subscription'), {
      form: { is_subscribed: 'true' },
      client: adminIp,
    });
    await call('POST', '/api/payment/confirm', {
      body: { email, amount: 15, transaction_id: 'ERASE-2', payment_method: 'paypal' },
      token,
    });
    // The same transaction id again is recorded once (compared after decryption).
    await call('POST', '/api/payment/confirm', {
      body: { email, amount: 15, transaction_id: 'ERASE-2', payment_method: 'paypal' },
      token,
    });
    expect(JSON.stringify((await asAdmin('GET', '/api/admin/users')).body)).toContain(email);
    const payments = JSON.stringify((await asAdmin('GET', '/api/admin/payments')).body);
    expect(payments).toContain('ERASE-2');
    // While the account exists, the replay shows the transaction ids and the admin's address.
    const before = (await asAdmin('GET', userPath(email, '/history'))).body as {
      timeline: { type: string; who: string; details: { transaction_id?: string } }[];
    };
    const confirmations = before.timeline.filter((e) => e.type === 'PaymentConfirmationSubmitted');
    expect(confirmations.map((e) => e.details.transaction_id)).toEqual(['ERASE-1', 'ERASE-2']);
    expect(before.timeline.find((e) => e.type === 'PremiumGranted')?.who).toMatch(
      new RegExp(`^admin session .+ from ${adminIp}$`),
    );
    await system.reactors.drain();
    expect(await outboxMailsTo(email)).not.toEqual([]);
    const bystanderMails = await outboxMailsTo(bystander);
    expect(bystanderMails).not.toEqual([]);

    const deletion = await asAdmin('DELETE', userPath(email), { client: adminIp });
    expect(deletion.status).toBe(200);
    // The development outbox keeps no mail to the deleted address, and every other mail.
    expect(await outboxMailsTo(email)).toEqual([]);
    expect(await outboxMailsTo(bystander)).toEqual(bystanderMails);
    expect((await asAdmin('DELETE', userPath(email))).status).toBe(404);
    await system.settle();

    // The session died with the account.
    expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
    expect(
      (await call('POST', '/api/payment/confirm', { body: { amount: 15, payment_method: 'p' }, token }))
        .status,
    ).toBe(401);

    // Every answer.
    const answers = await Promise.all([
      asAdmin('GET', '/api/admin/users'),
      asAdmin('GET', '/api/admin/payments'),
      asAdmin('GET', '/api/admin/users/monthly-stats'),
      asAdmin('GET', userPath(email, '/history')),
      call('GET', '/api/stats/subscribers'),
      call('GET', '/api/stories'),
      call('GET', '/api/auth/me', { token }),
    ]);
    for (const answer of answers) {
      expect(answer.text.toLowerCase()).not.toContain(email);
      expect(answer.text).not.toContain('ERASE-');
      expect(answer.text).not.toContain(adminIp);
    }
    // The history of a deleted account is gone from the panel, which answers as for an address
    // that never had an account: saying "deleted" would tell that the address had one.
    expect(answers[3]!.status).toBe(404);
    expect(answers[3]!.body).toEqual({ detail: 'No history for this user' });

    const client = new pg.Client({ connectionString: system.config.databaseUrl });
    await client.connect();
    try {
      // Every read model.
      const live = await rowsOfSchema(client, 'read_model');
      expect(live.length).toBeGreaterThan(0);
      expect(live.filter((row) => row.toLowerCase().includes(email))).toEqual([]);
      // Nor any link to the address: its key names nothing of the erased account.
      const addressKey = system.infra.vault.addressDigest(email);
      expect(live.filter((row) => row.includes(addressKey))).toEqual([]);
      // The raw event table, every column.
      for (const secret of [email, 'ERASE-1', 'ERASE-2', adminIp]) {
        const { rows } = await client.query(
          `select count(*)::int as n from es_events e where e::text ilike $1`,
          [`%${secret}%`],
        );
        expect(rows[0].n, secret).toBe(0);
      }
      const { rows: all } = await client.query(`select count(*)::int as n from es_events`);
      expect(all[0].n).toBeGreaterThan(0);

      // A full rebuild into a fresh schema.
      const schema = `rebuild_${randomUUID().slice(0, 8)}`;
      await migrateReadModel(system.config.databaseUrl, schema);
      const db = createReadModelDb(system.config.databaseUrl, schema, 2);
      try {
        const runner = new ProjectionRunner({
          store: system.infra.store,
          db,
          projections,
          vault: system.infra.vault,
        });
        await runner.init();
        await runner.catchUp();
        const rebuilt = await rowsOfSchema(client, schema);
        expect(rebuilt.some((row) => row.startsWith('users:'))).toBe(true);
        expect(rebuilt.filter((row) => row.toLowerCase().includes(email))).toEqual([]);
        expect(rebuilt.filter((row) => row.includes('ERASE-'))).toEqual([]);
        expect(rebuilt.filter((row) => row.includes(addressKey))).toEqual([]);
      } finally {
        await db.destroy();
        await client.query(`drop schema if exists "${schema}" cascade`);
      }
    } finally {
      await client.end();
    }

    // The address may sign up again, as a new account.
    const again = await signUpVerifiedAndLogIn(email);
    expect(await me(again)).toMatchObject({ is_subscribed: false, premium_stories_remaining: 0 });
  });
});

describe('admin password lockout', () => {
  it('a wrong admin password six times in a minute gets 429', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await call('POST', '/api/admin/validate', { admin: `wrong-${attempt}` });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await call('POST', '/api/admin/validate', { admin: 'wrong-6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ detail: expect.any(String) });
    // Locked out even with the right password until the minute has passed.
    expect((await call('POST', '/api/admin/validate', { admin: TEST_ADMIN_PASSWORD })).status).toBe(429);
  });
});
