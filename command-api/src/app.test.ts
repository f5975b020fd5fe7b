import { randomUUID } from 'node:crypto';
import { streams, userKeyOf } from '@nocturne/events';
import { accountKeyOf } from '@nocturne/test-kit/account-key';
import {
  type ApiRequest,
  apiCall,
  TEST_ADMIN_PASSWORD,
  adminToken as validateAdmin,
} from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api';

/**
 * The small command routes (codes checked on the server, the waitlist, an admin's resend) through
 * command-api on the in-memory store. The features that need the read side are in
 * admin/admin-system.int.test.ts.
 */
let system: TestCommandApi;
let adminToken: string;

beforeAll(async () => {
  system = await startTestCommandApi();
  adminToken = await validateAdmin(system.baseUrl, TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await system?.stop();
});

const call = (method: string, path: string, request: ApiRequest = {}) =>
  apiCall(system.baseUrl, method, path, request);

const asAdmin = (method: string, path: string, options: { form?: Record<string, string> } = {}) =>
  call(method, path, { ...options, admin: adminToken });

const userPath = (email: string, rest = '') => `/api/admin/users/${encodeURIComponent(email)}${rest}`;

describe('codes checked on the server', () => {
  it('checks the discount code case-insensitively', async () => {
    expect((await call('POST', '/api/discounts/check', { body: { code: 'testcode30' } })).body).toEqual({
      valid: true,
      amount: 10,
    });
    expect((await call('POST', '/api/discounts/check', { body: { code: 'nope' } })).body).toEqual({
      valid: false,
      amount: 15,
    });
  });

  it('checks invite codes: words case-insensitively, digits exactly', async () => {
    const check = async (code: string) =>
      ((await call('POST', '/api/invites/check', { body: { code } })).body as { valid: boolean }).valid;
    expect(await check('VelvetNight')).toBe(true);
    expect(await check('202412')).toBe(true);
    expect(await check(' 2024120')).toBe(false);
    expect(await check('wrong')).toBe(false);
    expect((await call('POST', '/api/invites/check', { body: {} })).status).toBe(400);
  });
});

describe('waitlist', () => {
  it('records an address once; a repeat is a silent success', async () => {
    const email = `wait-${randomUUID().slice(0, 8)}@example.test`;
    const form = { email, feedback: 'I want story generation' };
    expect((await call('POST', '/api/waitlist', { form })).status).toBe(200);
    expect(
      (await call('POST', '/api/waitlist', { form: { ...form, email: email.toUpperCase() } })).status,
    ).toBe(200);
    const stored = await system.ports.store.readStream(
      streams.waitlist(userKeyOf(email, system.options.secret)),
    );
    expect(stored.map((e) => e.type)).toEqual(['WaitlistJoined']);
    expect(JSON.stringify(stored)).not.toContain(email);
    expect((await call('POST', '/api/waitlist', { form: { email: 'not-an-address' } })).status).toBe(400);
  });
});

describe('admin: resend verification', () => {
  it('re-sends verification to an unverified user only', async () => {
    const email = `unverified-${randomUUID().slice(0, 8)}@example.test`;
    const signup = await call('POST', '/api/auth/signup', {
      body: { email, password: 'secret-pass-1', age_confirmed: true },
    });
    expect(signup.status).toBe(200);
    const answer = await asAdmin('POST', userPath(email, '/resend-verification'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: `Verification email resent to ${email}` });
    const stream = streams.user(await accountKeyOf(system.ports.vault, system.options.secret, email));
    const resent = (await system.ports.store.readStream(stream)).at(-1)!;
    expect(resent.type).toBe('VerificationEmailRequested');
    expect(resent.metadata).toMatchObject({ actor: { kind: 'admin' } });
    expect((await asAdmin('POST', userPath('unknown@example.test', '/resend-verification'))).status).toBe(
      404,
    );
    expect(
      (
        await asAdmin('PUT', userPath('unknown@example.test', '/subscription'), {
          form: { is_subscribed: 'true' },
        })
      ).status,
    ).toBe(404);
    expect((await asAdmin('DELETE', userPath('unknown@example.test'))).status).toBe(404);
  });
});
