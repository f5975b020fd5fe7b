import { randomUUID } from 'node:crypto';
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

async function post(
  path: string,
  init: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> },
) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(`${system.baseUrl}${path}`, {
    method: init.form ? 'PUT' : 'POST',
    headers,
    body,
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, string>;
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

    // After the deletion the replay still shows what happened, but no transaction id or address.
    const deletion = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(deletion.status).toBe(200);
    const erased = await audit(['--email', email]);
    expect(erased.code).toBe(0);
    expect(erased.out).toContain('Account: [erased]');
    expect(erased.out).toContain('payment confirmation: $15 via paypal  by the user');
    expect(erased.out).toMatch(
      /premium granted: \+30 stories {2}by admin session [\w-]+ from \[erased address\]/,
    );
    expect(erased.out).toContain('account deleted (personal data erased)');
    for (const gone of [email, 'AUD-1', '203.0.113.88']) expect(erased.out).not.toContain(gone);
    const json = await audit(['--email', email, '--json']);
    for (const gone of [email, 'AUD-1', '203.0.113.88']) expect(json.out).not.toContain(gone);

    expect((await audit(['--email', 'never@example.test'])).code).toBe(1);
    expect((await audit([])).code).toBe(2);
    expect((await audit(['--email', email, '--as-of', 'yesterday'])).code).toBe(2);
  });
});
