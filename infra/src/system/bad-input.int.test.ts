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
