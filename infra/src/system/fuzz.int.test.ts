import http from 'node:http';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { adminToken, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { seededRandom } from '@nocturne/test-kit/seeded-random';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

/**
 * The fuzz test: malformed bodies, odd headers and percent-encoded paths sent to every
 * route of the one-process server (collected through Fastify's onRoute hook), in a seeded,
 * repeatable order. It counts N requests and requires 0 answers of 5xx, and that no refused
 * (4xx) request appended anything: the event log's head is compared around each one (the
 * requests go one at a time, and nothing else appends meanwhile).
 */

const SEED = 0x5eed_1212;
const PER_ROUTE = 50;

/** The kit's seeded generator with the picks the fuzzer makes, so a failure can be replayed exactly. */
function prng(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

let system: TestSystem;
const routes: { method: string; url: string }[] = [];
const fixtures = { storyId: '', email: '', userToken: '', adminToken: '' };

beforeAll(async () => {
  system = await startTestSystem(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    },
  );
  const story = storyPublished();
  await given(system.infra.store, streams.story(story.data.storyId), [story], 'no_stream');
  fixtures.storyId = story.data.storyId;
  fixtures.email = 'fuzz-reader@example.test';
  fixtures.userToken = (
    await createVerifiedUser(system.baseUrl, { email: fixtures.email, password: 'fuzz-pass-1' })
  ).token;
  fixtures.adminToken = await adminToken(system.baseUrl, TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await system?.stop();
});

const FIELDS = [
  'email',
  'password',
  'new_password',
  'age_confirmed',
  'token',
  'amount',
  'transaction_id',
  'payment_method',
  'feedback',
  'code',
  'invite_code',
  'is_subscribed',
  'title',
  'description',
  'slides',
  'texts',
  'is_premium',
  'story_id',
];

/** Text that is hostile to a store, a log or a parser (escaped for JSON by the caller). */
function nastyText(rng: Rng): string {
  return rng.pick([
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffy',
    '\ud83d',
    '😀',
    'ä'.repeat(300),
    "' OR 1=1 --",
    '{{7*7}}',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'x'.repeat(rng.pick([1_000, 70_000, 400_000])),
    'reader@example.test',
    'not-an-email',
    '\u202e\u200b',
    'true',
    '15',
  ]);
}

function nastyValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 6 : 9)) {
    case 0:
      return nastyText(rng);
    case 1:
      return rng.pick([0, -1, 15, 10, 1.5, 1e308, -1e308, 2 ** 53 + 1, 9.99]);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return rng.pick(['true', 'false', 'null', '0']);
    case 5:
      return nastyText(rng);
    case 6:
      return Array.from({ length: rng.int(4) }, () => nastyValue(rng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: rng.int(4) }, () => [rng.pick(FIELDS), nastyValue(rng, depth + 1)]),
      );
  }
}

/** Every UTF-8 byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percentBytes = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

interface Body {
  contentType?: string;
  bytes?: Buffer;
}

function nastyBody(rng: Rng): Body {
  const json = (text: string): Body => ({ contentType: 'application/json', bytes: Buffer.from(text) });
  switch (rng.int(12)) {
    case 0:
      return json(
        rng.pick(['{', '{"email":', '{"a":1,}', "{'a':1}", 'nul', '{"a":"\\x"}', '{"a":"\\u12"}', '', ' ']),
      );
    case 1:
      return json(JSON.stringify(rng.pick([[], null, 0, 'text', true, [1, 2], { __proto__: { x: 1 } }])));
    case 2:
    case 3:
    case 4: {
      const object = Object.fromEntries(
        Array.from({ length: 1 + rng.int(6) }, () => [rng.pick(FIELDS), nastyValue(rng)]),
      );
      return json(JSON.stringify(object));
    }
    case 5: {
      const depth = rng.pick([100, 5_000, 50_000, 200_000]);
      return json(
        rng.chance(0.5)
          ? `${'['.repeat(depth)}${']'.repeat(depth)}`
          : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      );
    }
    case 6:
      // Over the 1 MiB body limit.
      return json(JSON.stringify({ email: 'x'.repeat(1_100_000) }));
    case 7:
      // Invalid UTF-8 inside a JSON string, and outside one.
      return {
        contentType: 'application/json',
        bytes: Buffer.concat([
          Buffer.from('{"email":"'),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          Buffer.from('","password":"x"}'),
        ]),
      };
    case 8: {
      const pairs = Array.from({ length: 1 + rng.int(5) }, () => {
        const key = rng.pick([...FIELDS, 'a[b]', '__proto__', 'constructor[prototype]']);
        const value = rng.pick([
          '%00',
          '%ZZ',
          '%ED%A0%80',
          '%FF',
          'true',
          '15',
          percentBytes(nastyText(rng).slice(0, 2000)),
        ]);
        return `${key}=${value}`;
      });
      return { contentType: 'application/x-www-form-urlencoded', bytes: Buffer.from(pairs.join('&')) };
    }
    case 9:
      return {
        contentType: rng.pick(['multipart/form-data', 'multipart/form-data; boundary=xyz']),
        bytes: Buffer.from(
          rng.pick([
            '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--xyz--\r\n',
            '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--xyz--\r\n',
            '--xyz\r\n\r\n',
            'garbage',
          ]),
        ),
      };
    case 10:
      return {
        contentType: rng.pick([
          'text/plain',
          'application/xml',
          'application/json; charset=latin1',
          'application/json, text/html',
          'application/x-www-form-urlencoded; charset=utf-16',
          '*/*',
          ';;;',
        ]),
        bytes: Buffer.from(rng.chance(0.5) ? '{"email":"a@b.c"}' : 'email=a%40b.c'),
      };
    default:
      return {};
  }
}

/**
 * A valid body per route, for the mutation mode: one field replaced by a hostile value (or
 * dropped, or joined by a stray one), so the hostile value gets past the body's shape to the
 * checks and the store behind it. `auth` says which credential the route needs first.
 */
interface Template {
  form?: boolean;
  auth?: 'user' | 'admin';
  body: () => Record<string, unknown>;
}
let unique = 0;
const someToken = () => `${'a'.repeat(32)}.${'b'.repeat(43)}`;
const templates: Record<string, Template> = {
  'POST /api/auth/signup': {
    body: () => ({ email: `fuzz-${unique++}@example.test`, password: 'fuzz-pass-1', age_confirmed: true }),
  },
  'POST /api/auth/login': { body: () => ({ email: fixtures.email, password: 'not-the-password' }) },
  'POST /api/auth/verify-email': { body: () => ({ token: someToken() }) },
  'POST /api/auth/request-password-reset': { body: () => ({ email: `nobody-${unique++}@example.test` }) },
  'POST /api/auth/reset-password': { body: () => ({ token: someToken(), password: 'fuzz-pass-2' }) },
  'POST /api/payment/confirm': {
    auth: 'user',
    body: () => ({
      email: fixtures.email,
      amount: 15,
      transaction_id: `TX-${unique++}`,
      payment_method: 'paypal',
    }),
  },
  'POST /api/discounts/check': { body: () => ({ code: 'TESTCODE30' }) },
  'POST /api/invites/check': { body: () => ({ code: 'velvetnight' }) },
  'POST /api/waitlist': {
    form: true,
    body: () => ({ email: `wait-${unique++}@example.test`, feedback: 'hello' }),
  },
  'PUT /api/admin/users/:email/subscription': {
    form: true,
    auth: 'admin',
    body: () => ({ is_subscribed: 'true' }),
  },
  'POST /api/admin/users/:email/resend-verification': { auth: 'admin', body: () => ({}) },
};

function mutated(rng: Rng, template: Template): Body {
  const body = template.body();
  const keys = Object.keys(body);
  const key = keys.length > 0 && rng.chance(0.85) ? rng.pick(keys) : rng.pick(FIELDS);
  if (rng.chance(0.1)) delete body[key];
  else body[key] = template.form ? nastyText(rng) : nastyValue(rng);
  if (template.form) {
    const text = Object.entries(body)
      .map(([k, v]) => `${k}=${percentBytes(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
    return { contentType: 'application/x-www-form-urlencoded', bytes: Buffer.from(text) };
  }
  return { contentType: 'application/json', bytes: Buffer.from(JSON.stringify(body)) };
}

function nastyHeaders(rng: Rng): Record<string, string> {
  const headers: Record<string, string> = {
    // A client address of its own per request: the per-client rate limits are not under test.
    'X-Forwarded-For': `10.${rng.int(256)}.${rng.int(256)}.${rng.int(256)}`,
  };
  if (rng.chance(0.3)) {
    headers['X-Min-Position'] = rng.pick([
      '-1',
      'abc',
      '1e309',
      '99999999999999999999',
      '1.5',
      '0x10',
      '',
      '0',
      ' 1',
      '1'.repeat(400),
    ]);
  }
  if (rng.chance(0.35)) {
    headers.Authorization = rng.pick([
      'Bearer',
      'Bearer ',
      `Bearer ${'x'.repeat(5000)}`,
      'Basic YTpi',
      'Bearer a.b',
      'Bearer ../../etc/passwd',
      `Bearer ${fixtures.userToken}`,
      `Bearer ${fixtures.userToken}x`,
      `bearer ${fixtures.userToken}`,
    ]);
  }
  if (rng.chance(0.12)) {
    // Mostly the real admin session (to reach the admin routes' input checks): a wrong code
    // costs a deliberately slow hash comparison.
    headers['X-Admin-Code'] = rng.chance(0.6)
      ? fixtures.adminToken
      : rng.pick(['', 'x'.repeat(3000), `${fixtures.adminToken}x`, 'wrong']);
  }
  if (rng.chance(0.1)) headers['X-Invite-Code'] = rng.pick(['', 'velvetnight', '%00', 'x'.repeat(2000)]);
  if (rng.chance(0.05)) headers['X-Junk'] = 'a'.repeat(rng.pick([8_000, 40_000]));
  if (rng.chance(0.05)) headers['X-Correlation-Id'] = 'c'.repeat(rng.pick([10, 5000]));
  return headers;
}

/** A route's parameter, valid or hostile, percent-encoded for the path. */
function paramValue(rng: Rng, name: string, method: string, admin: boolean): string {
  // A valid admin may delete: never the fixtures, or later requests lose their target.
  const mayBeReal = !(admin && method === 'DELETE');
  if (mayBeReal && rng.chance(0.3)) {
    if (name === 'id') return fixtures.storyId;
    if (name === 'email') return encodeURIComponent(fixtures.email);
  }
  return rng.pick([
    '%00',
    '%ZZ',
    '%',
    '..%2F..%2Fetc%2Fpasswd',
    '%2E%2E',
    'a'.repeat(rng.pick([101, 5_000])),
    '%F0%9F%92%A9',
    '%C0%AF',
    '%ED%A0%80',
    '%FF%FE',
    '%20',
    "'%20OR%201=1--",
    'nobody%40example.test',
    'nobody@example.test',
    '%E2%80%AE',
    encodeURIComponent(fixtures.email).toUpperCase(),
  ]);
}

function pathFor(rng: Rng, url: string, method: string, admin: boolean): string {
  let path = url.replace(/:(\w+)/g, (_, name: string) => paramValue(rng, name, method, admin));
  if (rng.chance(0.1)) path = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  if (rng.chance(0.05)) path = path.replace('/api/', '/api//');
  if (rng.chance(0.05)) path = `${path}/..`;
  if (rng.chance(0.1))
    path += rng.pick([
      '?x=%ZZ',
      '?as_of=yesterday',
      '?as_of=%00',
      '?a[b][c]=1',
      '?x=1&x=2',
      `?${'q'.repeat(5000)}`,
    ]);
  return path;
}

interface Answer {
  status: number;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(method: string, path: string, headers: Record<string, string>, body: Body): Promise<Answer> {
  const url = new URL(system.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        headers: {
          ...headers,
          ...(body.contentType ? { 'Content-Type': body.contentType } : {}),
          ...(body.bytes ? { 'Content-Length': String(body.bytes.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body.bytes);
  });
}

it('answers no malformed request with a 5xx, and appends nothing for a refused one', async () => {
  const rng = prng(SEED);
  const targets = routes.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/internal/'));
  expect(targets.length).toBeGreaterThan(15);
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
  const fivexx: string[] = [];
  const wrote: string[] = [];
  const statuses = new Map<number, number>();
  let n = 0;
  for (let round = 0; round < PER_ROUTE; round++) {
    for (const route of targets) {
      const headers = nastyHeaders(rng);
      const admin = headers['X-Admin-Code'] === fixtures.adminToken;
      const picked = rng.chance(0.08) ? rng.pick(methods) : route.method;
      // Node refuses oversized headers before it knows the method, with a body: a HEAD client
      // would read that body as the next answer. Such a request goes as GET.
      const method = picked === 'HEAD' && headers['X-Junk'] ? 'GET' : picked;
      const path = pathFor(rng, route.url, method, admin);
      const template = rng.chance(0.4) ? templates[`${method} ${route.url}`] : undefined;
      if (template?.auth === 'user') headers.Authorization = `Bearer ${fixtures.userToken}`;
      if (template?.auth === 'admin') headers['X-Admin-Code'] = fixtures.adminToken;
      const body = template
        ? mutated(rng, template)
        : method === 'GET' || method === 'HEAD'
          ? rng.chance(0.1)
            ? nastyBody(rng)
            : {}
          : nastyBody(rng);
      const before = await system.infra.store.headPosition();
      const answer = await send(method, path, headers, body).catch((error: Error) => {
        throw new Error(
          `#${n + 1} ${method} ${path.slice(0, 120)} [${body.contentType}, ${body.bytes?.length ?? 0} B, headers ${JSON.stringify(Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.slice(0, 40)])))}]: ${error.message}`,
        );
      });
      n += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const what = `#${n} ${method} ${path.slice(0, 120)} [${body.contentType ?? '-'}, ${body.bytes?.length ?? 0} B] -> ${answer.status} ${answer.text.slice(0, 200)}`;
      if (answer.status >= 500) fivexx.push(what);
      if (answer.status < 300 && method === 'POST' && route.url === '/api/auth/request-password-reset') {
        // A reset request is answered before its one append (so its time tells nothing about
        // the address): that append must land here, not in the next request's window.
        await expect
          .poll(() => system.infra.store.headPosition(), { timeout: 5_000, interval: 10 })
          .toBeGreaterThan(before);
      }
      if (answer.status >= 400 && answer.status < 500) {
        if ((await system.infra.store.headPosition()) !== before) wrote.push(what);
        if (method !== 'HEAD' && answer.status !== 431) {
          // Every refusal says why.
          expect((JSON.parse(answer.text) as { detail?: unknown }).detail, what).toEqual(expect.any(String));
        }
      }
    }
  }
  console.log(
    `[fuzz] N = ${n} requests to ${targets.length} routes (seed ${SEED.toString(16)}): ${fivexx.length} answers of 5xx; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(fivexx).toEqual([]);
  expect(wrote).toEqual([]);
}, 240_000);
