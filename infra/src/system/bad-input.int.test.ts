import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const json = { 'content-type': 'application/json' };

/** Requests a careless or hostile client may send, across the features. */
const probes: [string, string, RequestInit?][] = [
  ['malformed JSON', '/api/auth/signup', { method: 'POST', headers: json, body: '{bad json' }],
  ['a JSON array', '/api/auth/signup', { method: 'POST', headers: json, body: '[]' }],
  [
    'wrong types',
    '/api/auth/signup',
    { method: 'POST', headers: json, body: '{"email":123,"password":null}' },
  ],
  [
    'plain text',
    '/api/auth/login',
    { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' },
  ],
  [
    'a forged token',
    '/api/auth/verify-email',
    { method: 'POST', headers: json, body: '{"token":"a.b.c.d"}' },
  ],
  ['a garbage session', '/api/auth/me', { headers: { Authorization: 'Bearer ../../etc/passwd' } }],
  ['a NUL byte in a story id', '/api/stories/%00'],
  ['a NUL byte in a like', '/api/stories/%00/like', { method: 'POST' }],
  ['a path in a story id', '/api/stories/..%2F..%2Fetc', { method: 'POST' }],
  ['a path as image', '/api/images/..%2F..%2Fetc%2Fpasswd'],
  ['an undecodable URL', '/api/admin/users/%ZZ/history'],
  ['an unknown method', '/api/stories', { method: 'PATCH' }],
  [
    'an object as code',
    '/api/discounts/check',
    { method: 'POST', headers: json, body: '{"code":{"$ne":1}}' },
  ],
  ['a null body', '/api/invites/check', { method: 'POST', headers: json, body: 'null' }],
  [
    'a bad waitlist address',
    '/api/waitlist',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=nope&feedback=x',
    },
  ],
];

describe('bad input: a 4xx with a clear detail, and nothing written', () => {
  it.each(probes)('%s', async (_name, path, init) => {
    const before = await system.infra.store.headPosition();
    const response = await fetch(`${system.baseUrl}${path}`, init);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { detail?: unknown };
    expect(typeof body.detail).toBe('string');
    expect((body.detail as string).length).toBeGreaterThan(3);
    expect(await system.infra.store.headPosition()).toBe(before);
  });

  it('says plainly what is wrong with a waitlist address', async () => {
    const response = await fetch(`${system.baseUrl}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=nope&feedback=x',
    });
    expect(await response.json()).toEqual({ detail: 'email: Please enter a valid email address' });
  });
});

describe('text the event store cannot hold: 400 with a detail at the edge, nothing appended', () => {
  let session: string;
  beforeAll(async () => {
    const email = `text-${Date.now()}@example.test`;
    const password = 'a good password';
    const post = (path: string, body: unknown) =>
      fetch(`${system.baseUrl}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    const signup = (await (
      await post('/api/auth/signup', { email, password, age_confirmed: true })
    ).json()) as {
      verification_token: string;
    };
    expect((await post('/api/auth/verify-email', { token: signup.verification_token })).status).toBe(200);
    session = ((await (await post('/api/auth/login', { email, password })).json()) as { token: string })
      .token;
  });

  const payment = (field: string, value: string) =>
    JSON.stringify({ amount: 15, payment_method: 'paypal', transaction_id: 'TX-1', [field]: value });
  // Raw JSON: `\\u0000` and a lone `\\ud800` are valid JSON escapes that parse into such text.
  const cases: [string, string, () => RequestInit, RegExp][] = [
    [
      'a NUL in waitlist feedback (form)',
      '/api/waitlist',
      () => ({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=nul%40example.test&feedback=a%00b',
      }),
      /^feedback: .*NUL/,
    ],
    [
      'a lone surrogate in waitlist feedback (JSON)',
      '/api/waitlist',
      () => ({ method: 'POST', headers: json, body: '{"email":"s@example.test","feedback":"a\\ud800b"}' }),
      /^feedback: .*surrogate/,
    ],
    [
      'a NUL in a signup password',
      '/api/auth/signup',
      () => ({
        method: 'POST',
        headers: json,
        body: '{"email":"n@example.test","password":"abc\\u0000def","age_confirmed":true}',
      }),
      /^password: .*NUL/,
    ],
    [
      'a NUL in a payment method',
      '/api/payment/confirm',
      () => ({
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${session}` },
        body: payment('payment_method', 'pay\u0000pal'),
      }),
      /^payment_method: .*NUL/,
    ],
    [
      'a lone low surrogate in a transaction id',
      '/api/payment/confirm',
      () => ({
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${session}` },
        body: '{"amount":15,"payment_method":"paypal","transaction_id":"TX\\udc00"}',
      }),
      /^transaction_id: .*surrogate/,
    ],
    [
      'a NUL in a story text (multipart)',
      '/api/stories',
      () => {
        const form = new FormData();
        for (const text of ['first slide', 'second\u0000slide']) {
          form.append(
            'images',
            new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
            'a.jpg',
          );
          form.append('texts', text);
        }
        return { method: 'POST', headers: { 'x-invite-code': 'velvetnight' }, body: form };
      },
      /^texts\.1: .*NUL/,
    ],
  ];

  it.each(cases)('%s', async (_name, path, init, detail) => {
    const before = await system.infra.store.headPosition();
    const response = await fetch(`${system.baseUrl}${path}`, init());
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(detail);
    expect(await system.infra.store.headPosition()).toBe(before);
  });
});
