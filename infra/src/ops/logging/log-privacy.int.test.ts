import { randomUUID } from 'node:crypto';
import { type ApiRequest, apiCall } from '@nocturne/test-kit/api-client';
import { Mailbox } from '@nocturne/test-kit/mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../../system/test-system';

/** Every line any part of the product writes: the HTTP log (JSON), the launcher's and the errors. */
const lines: string[] = [];
let relay: Mailbox;
let system: TestSystem;

beforeAll(async () => {
  relay = await Mailbox.start();
  system = await startTestSystem(
    // A relay, as in production: links must then never be printed. Every level, debug included.
    { smtpUrl: relay.smtpUrl, logLevel: 'trace', exposeVerificationToken: false },
    {
      log: (line) => lines.push(line),
      logError: (line) => lines.push(line),
      logDestination: { write: (line: string) => lines.push(line) },
    },
  );
});
afterAll(async () => {
  await system?.stop();
  await relay?.stop();
});

const call = (method: string, path: string, request?: ApiRequest) =>
  apiCall(system.baseUrl, method, path, request);

const tokenOf = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';

describe('log privacy', () => {
  it('no line of a whole account flow names the address, a token or a query string', async () => {
    const email = `Private.Reader-${randomUUID().slice(0, 8)}@nocturne.test`;
    const password = 'first-password-1';
    const secrets: string[] = [];

    expect(
      (await call('POST', '/api/auth/signup', { body: { email, password, age_confirmed: true } })).status,
    ).toBe(200);
    const verifyLink = (await relay.waitFor(email, { subject: 'Verify your email' })).links[0];
    const verifyToken = tokenOf(verifyLink);
    secrets.push(verifyToken);
    // The page the mail's link opens (its URL holds the token), then the API call it makes.
    await call('GET', `/auth/verify?token=${encodeURIComponent(verifyToken)}`);
    expect((await call('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(200);

    const login = await call('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const session = String(login.body.token);
    secrets.push(session);
    expect(
      (await call('GET', '/api/auth/me', { headers: { authorization: `Bearer ${session}` } })).status,
    ).toBe(200);

    expect((await call('POST', '/api/auth/request-password-reset', { body: { email } })).status).toBe(200);
    const resetToken = tokenOf((await relay.waitFor(email, { subject: 'Reset your password' })).links[0]);
    secrets.push(resetToken);
    await call('GET', `/auth/reset-password?token=${encodeURIComponent(resetToken)}`);
    expect(
      (
        await call('POST', '/api/auth/reset-password', {
          body: { token: resetToken, password: 'second-password-2' },
        })
      ).status,
    ).toBe(200);

    const admin = await call('POST', '/api/admin/validate', {
      headers: { 'x-admin-code': TEST_ADMIN_PASSWORD },
    });
    const adminToken = String(admin.body.token);
    secrets.push(adminToken, TEST_ADMIN_PASSWORD);
    const asAdmin = { headers: { 'x-admin-code': adminToken } };
    await call('GET', `/api/admin/users/${encodeURIComponent(email)}/history?as_of=2030-01-01`, asAdmin);
    expect((await call('DELETE', `/api/admin/users/${encodeURIComponent(email)}`, asAdmin)).status).toBe(200);
    await call('DELETE', `/api/admin/users/${email}`, asAdmin);
    await system.settle();

    // The flow was logged: one line per request, the admin's delete among them.
    const requests = lines.filter((l) => l.includes('"durationMs"'));
    expect(requests.length).toBeGreaterThanOrEqual(12);
    expect(requests.some((l) => l.includes('"msg":"DELETE /api/admin/users/<email> 200'))).toBe(true);
    expect(requests.some((l) => l.includes('"path":"/auth/reset-password"'))).toBe(true);

    const everything = lines.join('\n');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(6);
      expect(everything).not.toContain(secret);
    }
    const local = email.split('@')[0] ?? '';
    expect(everything.toLowerCase()).not.toContain(local.toLowerCase());
    expect(everything).not.toContain('nocturne.test/');
    expect(everything).not.toMatch(/%40|@nocturne\.test|\?token=|\?as_of=|as_of=/);
  });
});
