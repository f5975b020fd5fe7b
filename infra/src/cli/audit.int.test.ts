import { randomUUID } from 'node:crypto';
import { evolveUser, initialUserState } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { apiCall, makePng } from '@nocturne/test-kit/api-client';
import { userKeyOfAddress } from '@nocturne/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../system/test-system';
import { runAudit } from './audit';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

/** A write that must succeed: PUT with a form (the admin's), POST otherwise; its JSON answer. */
async function post(
  path: string,
  init: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> },
) {
  const answer = await apiCall(system.baseUrl, init.form ? 'PUT' : 'POST', path, {
    body: init.json,
    ...(init.form ? { form: init.form } : {}),
    ...(init.headers ? { headers: init.headers } : {}),
  });
  expect(answer.status >= 200 && answer.status < 300, `${path}: ${answer.status}`).toBe(true);
  return answer.body as Record<string, string>;
}

async function audit(args: string[]) {
  let out = '';
  let err = '';
  const code = await runAudit(args, system.config, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('npm run audit', () => {
  it('replays a user from the event store, as of now and as of a past time', async () => {
    const email = `audit-${randomUUID().slice(0, 8)}@example.test`;
    const { verification_token } = await post('/api/auth/signup', {
      json: { email, password: 'secret-pass-1', age_confirmed: true },
    });
    await post('/api/auth/verify-email', { json: { token: verification_token } });
    const { token } = await post('/api/auth/login', { json: { email, password: 'secret-pass-1' } });
    await post('/api/payment/confirm', {
      json: { email, amount: 15, transaction_id: 'AUD-1', payment_method: 'paypal' },
      headers: { Authorization: `Bearer ${token}` },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeGrant = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The test system trusts loopback: the admin's address is the forwarded one.
    const adminHeaders = { 'X-Admin-Code': TEST_ADMIN_PASSWORD, 'X-Forwarded-For': '203.0.113.88' };
    await post(`/api/admin/users/${encodeURIComponent(email)}/subscription`, {
      form: { is_subscribed: 'true' },
      headers: adminHeaders,
    });

    const now = await audit(['--email', email]);
    expect(now.code).toBe(0);
    expect(now.out).toContain(`Account: ${email}`);
    expect(now.out).toContain('payment confirmation: $15 via paypal, transaction AUD-1  by the user');
    // An admin acting with the password still acts in a session of its own: the
    // audit names that session, never "password".
    expect(now.out).toMatch(
      /premium granted: \+30 stories {2}by admin session [\w-]+ from 203\.0\.113\.88\n/,
    );
    expect(now.out).not.toContain('admin session password');
    expect(now.out).toContain('premium: yes');
    expect(now.out).toContain('premium stories remaining: 30');

    const past = await audit(['--email', email, '--as-of', beforeGrant, '--json']);
    expect(past.code).toBe(0);
    const history = JSON.parse(past.out) as { state: { premium: boolean; stories_remaining: number } };
    expect(history.state).toMatchObject({ premium: false, stories_remaining: 0 });

    // After the deletion the address leads to nothing of the account; its records stay for the
    // books under its account id, without the address, the transaction id or the admin's IP.
    const { userKey } = await userKeyOfAddress(system.infra.vault, email);
    const { state } = await aggregateStream(
      system.infra.store,
      streams.user(userKey),
      evolveUser,
      initialUserState,
    );
    const accountId = state.accountId!;
    const deletion = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(deletion.status).toBe(200);
    const byAddress = await audit(['--email', email]);
    expect(byAddress.code).toBe(1);
    expect(byAddress.out).toBe('');
    expect(byAddress.err).toContain('--account <id>');
    const erased = await audit(['--account', accountId]);
    expect(erased.code).toBe(0);
    expect(erased.out).toContain(`Audit of account ${accountId}`);
    expect(erased.out).toContain('Account: [erased]');
    // The payment method was sealed under the account's key: erased with it.
    expect(erased.out).toContain('payment confirmation: $15  by the user');
    expect(erased.out).toMatch(
      /premium granted: \+30 stories {2}by admin session [\w-]+ from \[erased address\]/,
    );
    expect(erased.out).toContain('account deleted (personal data erased)');
    for (const gone of [email, 'AUD-1', 'paypal', '203.0.113.88', userKey])
      expect(erased.out).not.toContain(gone);
    const json = await audit(['--account', accountId, '--json']);
    for (const gone of [email, 'AUD-1', 'paypal', '203.0.113.88', userKey])
      expect(json.out).not.toContain(gone);
    const books = JSON.parse(json.out) as { timeline: { type: string; at: string; details: object }[] };
    expect(books.timeline.map((entry) => entry.type)).toEqual([
      'UserRegistered',
      'EmailVerified',
      'PaymentConfirmationSubmitted',
      'PremiumGranted',
      'UserDeleted',
    ]);
    expect(books.timeline[2]?.details).toEqual({
      email: null,
      amount: 15,
      transaction_id: null,
      payment_method: null,
    });

    // The address signs up again: a new account, and the address's history is that account's alone.
    const again = await post('/api/auth/signup', {
      json: { email, password: 'secret-pass-2', age_confirmed: true },
    });
    await post('/api/auth/verify-email', { json: { token: again.verification_token } });
    const panel = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(email)}/history`, {
      headers: adminHeaders,
    });
    expect(panel.status).toBe(200);
    const shown = (await panel.json()) as {
      timeline: { type: string }[];
      state: { premium: boolean; stories_remaining: number };
    };
    expect(shown.timeline.map((entry) => entry.type)).toEqual(['UserRegistered', 'EmailVerified']);
    expect(shown.state).toMatchObject({ premium: false, stories_remaining: 0 });
    const newAccount = await audit(['--email', email]);
    expect(newAccount.code).toBe(0);
    expect(newAccount.out).not.toContain('payment confirmation');
    expect(newAccount.out).not.toContain('premium granted');
    expect(newAccount.out).not.toContain('account deleted');
    // The erased account's books are as they were, without the new account's events.
    const later = JSON.parse((await audit(['--account', accountId, '--json'])).out) as typeof books;
    expect(later.timeline).toEqual(books.timeline);
    expect((await audit(['--account', randomUUID()])).code).toBe(1);

    expect((await audit(['--email', 'never@example.test'])).code).toBe(1);
    expect((await audit([])).code).toBe(2);
    expect((await audit(['--email', email, '--as-of', 'yesterday'])).code).toBe(2);
  });
});

describe('npm run audit -- --story', () => {
  it("replays a story's moderation trail from the event store: reports, hide and restore with who decided and why", async () => {
    const admin = await post('/api/admin/validate', {
      json: {},
      headers: { 'X-Admin-Code': TEST_ADMIN_PASSWORD },
    });
    const adminHeaders = { 'X-Admin-Code': admin.token!, 'X-Forwarded-For': '203.0.113.77' };
    const form = new FormData();
    for (const text of ['Audit one', 'Audit two']) {
      const png = await makePng();
      form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      form.append('texts', text);
    }
    const published = await fetch(`${system.baseUrl}/api/stories`, {
      method: 'POST',
      headers: adminHeaders,
      body: form,
    });
    expect(published.status).toBe(201);
    const { id } = (await published.json()) as { id: string };
    await post(`/api/stories/${id}/reports`, { json: { reason: 'copyright', email: 'owner@example.test' } });
    await post(`/api/admin/stories/${id}/hide`, {
      json: { reason: 'Copied artwork' },
      headers: adminHeaders,
    });
    await post(`/api/admin/stories/${id}/restore`, {
      json: { reason: 'Licence shown' },
      headers: adminHeaders,
    });

    const trail = await audit(['--story', id]);
    expect(trail.code).toBe(0);
    expect(trail.out).toContain('reported: copyright  by a visitor');
    expect(trail.out).toMatch(/hidden {2}by admin session [\w-]+ {2}because: Copied artwork\n/);
    expect(trail.out).toMatch(
      /decision: hide \(1 report\(s\) closed\) {2}by admin session [\w-]+ {2}because: Copied artwork/,
    );
    expect(trail.out).toMatch(/restored {2}by admin session [\w-]+ {2}because: Licence shown\n/);
    // Never an address: not the reporter's, not the admin's.
    expect(trail.out).not.toContain('owner@example.test');
    expect(trail.out).not.toContain('203.0.113.77');
    expect((await audit(['--story', 'no-such-story'])).code).toBe(1);
  });
});
