import { ADMIN_ROLES, type AdminRole, adminRoutePermissions } from '@nocturne/domain';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, makePng, publishStory, signUp, uniqueEmail } from '../../e2e/fixtures/api';
import { createStaffMember } from '../../e2e/fixtures/staff-api';
import { apiDepsFrom } from '../system/deps';
import { registerApis } from '../system/http-app';
import { startTestSystem, type TestSystem } from '../system/test-system';
import { OPENAPI_PATH } from './openapi-route';

interface Operation {
  summary?: string;
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let system: TestSystem;
let document: OpenApiDocument;

beforeAll(async () => {
  system = await startTestSystem();
  const response = await fetch(`${system.baseUrl}${OPENAPI_PATH}`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(async () => {
  await system?.stop();
});

/** Fastify's `/api/stories/:id` as OpenAPI writes it: `/api/stories/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Every documented error: `POST /api/auth/login 401`. */
function documentedErrors(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      Object.keys(operation.responses)
        .filter((status) => Number(status) >= 400)
        .map((status) => `${method.toUpperCase()} ${path} ${status}`),
    ),
  );
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and holds every /api route the server registers, and no other', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The product's own composition of the APIs (registerApis), watched as each route is added.
    const registered = new Set<string>();
    const app = Fastify();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (route.url.startsWith('/api/') && method !== 'HEAD')
          registered.add(`${method} ${openApiPath(route.url)}`);
      }
    });
    const deps = await apiDepsFrom(system.config, system.infra, () => new Date());
    await registerApis(app, { ...deps, apiDocument: async () => ({}) });
    await app.ready();
    await app.close();

    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(registered.size).toBeGreaterThan(25);
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('describes every route (its own schema) and gives every documented error the {detail} shape', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Only a declared schema (apiSchema) gives a summary: a route without one is undescribed.
        expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const schema = response.content?.['application/json']?.schema;
          expect(schema?.properties, `${method} ${path} ${status}`).toHaveProperty('detail');
        }
      }
    }
  });
});

/**
 * Each documented error status, produced: a request that gets exactly that answer. A status
 * documented without a probe here, or a probe whose answer differs, fails the test.
 */
describe('every documented error status is one the route answers', () => {
  let clients = 0;
  /** Each probe speaks from an address of its own (TRUST_PROXY=loopback in tests): own rate limits. */
  const nextClient = () => {
    clients += 1;
    return `10.13.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  };
  const send = (request: InjectOptions, client = nextClient()) =>
    system.app.inject({ ...request, headers: { ...request.headers, 'x-forwarded-for': client } });
  /** Sends the request from one client until it is refused with 429 (or gives up). */
  async function until429(request: () => InjectOptions): Promise<LightMyRequestResponse> {
    const client = nextClient();
    let response = await send(request(), client);
    for (let i = 0; i < 150 && response.statusCode !== 429; i++) response = await send(request(), client);
    return response;
  }
  const json = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = {}): InjectOptions => ({
    method,
    url,
    payload: payload as InjectOptions['payload'],
    headers,
  });
  const unknownId = 'no-such-story';
  const unknownEmail = encodeURIComponent('nobody-here@example.com');

  let admin: { 'x-admin-code': string };
  let reader: { authorization: string };
  let readerEmail: string;
  let unverified: { email: string; password: string };
  let premiumId: string;
  const staff: Partial<Record<AdminRole, { 'x-admin-code': string }>> = {};
  const unknownStaff = '0'.repeat(32);

  beforeAll(async () => {
    const validate = await send({
      method: 'POST',
      url: '/api/admin/validate',
      headers: { 'x-admin-code': system.config.adminPassword },
    });
    admin = { 'x-admin-code': (validate.json() as { token: string }).token };
    const user = await createVerifiedUser(system.baseUrl);
    reader = { authorization: `Bearer ${user.token}` };
    readerEmail = encodeURIComponent(user.email);
    unverified = { email: uniqueEmail('unverified'), password: 'moonlit-secret-42' };
    await signUp(system.baseUrl, unverified.email, unverified.password);
    premiumId = (
      await publishStory(system.baseUrl, admin['x-admin-code'], { texts: ['One', 'Two'], isPremium: true })
    ).id;
    for (const role of ['admin', 'moderator', 'auditor'] as const) {
      staff[role] = {
        'x-admin-code': (await createStaffMember(system.baseUrl, admin['x-admin-code'], role)).token,
      };
    }
    await system.settle();
  }, 60_000);

  /** Each route the table closes to a role, called by a member of the first role it leaves out. */
  const forbiddenProbes = Object.fromEntries(
    Object.entries(adminRoutePermissions).flatMap(([key, allowed]) => {
      const outsider = ADMIN_ROLES.find((role) => !allowed.includes(role));
      if (!outsider) return [];
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const url = path
        .replace(':email', unknownEmail)
        .replace(':id', unknownId)
        .replace(':tag', 'probe')
        .replace(':staffId', unknownStaff);
      const probe = () =>
        send(
          method === 'POST' || method === 'PUT'
            ? json(method, url, {}, staff[outsider])
            : { method, url: url === '/api/search' ? `${url}?q=fog` : url, headers: staff[outsider] },
        );
      return [[`${method} ${openApiPath(path)} 403`, probe] as const];
    }),
  );

  const multipart = async (slides: Buffer[], texts: string[]) => {
    const form = new FormData();
    for (const image of slides)
      form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'slide.png');
    for (const text of texts) form.append('texts', text);
    return form;
  };

  const probes: Record<string, () => Promise<LightMyRequestResponse>> = {
    ...forbiddenProbes,
    'POST /api/admin/staff 400': () =>
      send(json('POST', '/api/admin/staff', { email: 'x', role: 'admin' }, admin)),
    'POST /api/admin/staff 401': () =>
      send(json('POST', '/api/admin/staff', { email: 'a@b.c', role: 'admin' })),
    'POST /api/admin/staff 409': async () => {
      const body = { email: uniqueEmail('twice'), role: 'auditor' };
      await send(json('POST', '/api/admin/staff', body, admin));
      return send(json('POST', '/api/admin/staff', body, admin));
    },
    'POST /api/admin/staff 429': () => until429(() => json('POST', '/api/admin/staff', {}, admin)),
    'PUT /api/admin/staff/{staffId}/role 400': () =>
      send(json('PUT', `/api/admin/staff/${unknownStaff}/role`, { role: 'owner' }, admin)),
    'PUT /api/admin/staff/{staffId}/role 401': () =>
      send(json('PUT', `/api/admin/staff/${unknownStaff}/role`, { role: 'admin' })),
    'PUT /api/admin/staff/{staffId}/role 404': () =>
      send(json('PUT', `/api/admin/staff/${unknownStaff}/role`, { role: 'admin' }, admin)),
    'PUT /api/admin/staff/{staffId}/role 429': () =>
      until429(() => json('PUT', `/api/admin/staff/${unknownStaff}/role`, {}, admin)),
    'DELETE /api/admin/staff/{staffId} 401': () =>
      send({ method: 'DELETE', url: `/api/admin/staff/${unknownStaff}` }),
    'DELETE /api/admin/staff/{staffId} 404': () =>
      send({ method: 'DELETE', url: `/api/admin/staff/${unknownStaff}`, headers: admin }),
    'DELETE /api/admin/staff/{staffId} 429': () =>
      until429(() => ({ method: 'DELETE', url: `/api/admin/staff/${unknownStaff}`, headers: admin })),
    'GET /api/admin/staff 401': () => send({ method: 'GET', url: '/api/admin/staff' }),
    'POST /api/staff/invitation 400': () => send(json('POST', '/api/staff/invitation', { token: 'nope' })),
    'POST /api/staff/invitation 429': () => until429(() => json('POST', '/api/staff/invitation', {})),
    'POST /api/staff/invitation/password 400': () =>
      send(json('POST', '/api/staff/invitation/password', { token: 'nope', password: 'short' })),
    'POST /api/staff/invitation/password 429': () =>
      until429(() => json('POST', '/api/staff/invitation/password', {})),
    'POST /api/staff/invitation/second-factor 400': () =>
      send(json('POST', '/api/staff/invitation/second-factor', { token: 'nope', code: '123456' })),
    'POST /api/staff/invitation/second-factor 429': () =>
      until429(() => json('POST', '/api/staff/invitation/second-factor', {})),
    'POST /api/staff/login 400': () => send(json('POST', '/api/staff/login', {})),
    'POST /api/staff/login 401': () =>
      send(
        json('POST', '/api/staff/login', {
          email: 'nobody-here@example.com',
          password: 'a-password',
          code: '123456',
        }),
      ),
    'POST /api/staff/login 429': () => until429(() => json('POST', '/api/staff/login', {})),
    'POST /api/auth/signup 400': () => send(json('POST', '/api/auth/signup', {})),
    'POST /api/auth/signup 429': () => until429(() => json('POST', '/api/auth/signup', {})),
    'POST /api/auth/verify-email 400': () => send(json('POST', '/api/auth/verify-email', { token: 'nope' })),
    'POST /api/auth/login 400': () => send(json('POST', '/api/auth/login', {})),
    'POST /api/auth/login 401': () =>
      send(json('POST', '/api/auth/login', { email: 'nobody-here@example.com', password: 'wrong-password' })),
    'POST /api/auth/login 403': () => send(json('POST', '/api/auth/login', unverified)),
    'POST /api/auth/login 429': () => until429(() => json('POST', '/api/auth/login', {})),
    'POST /api/auth/logout 401': () => send({ method: 'POST', url: '/api/auth/logout' }),
    'POST /api/auth/request-password-reset 400': () =>
      send(json('POST', '/api/auth/request-password-reset', {})),
    'POST /api/auth/request-password-reset 429': () =>
      until429(() => json('POST', '/api/auth/request-password-reset', {})),
    'POST /api/auth/reset-password 400': () =>
      send(json('POST', '/api/auth/reset-password', { token: 'nope', password: 'a-new-password' })),
    'POST /api/auth/reset-password 429': () => until429(() => json('POST', '/api/auth/reset-password', {})),
    'POST /api/stories/{id}/like 404': () => send({ method: 'POST', url: `/api/stories/${unknownId}/like` }),
    'POST /api/stories/{id}/view 404': () => send({ method: 'POST', url: `/api/stories/${unknownId}/view` }),
    'POST /api/stories 400': async () =>
      send({
        method: 'POST',
        url: '/api/stories',
        headers: admin,
        payload: await multipart([await makePng()], ['Alone']),
      }),
    'POST /api/stories 401': async () =>
      send({
        method: 'POST',
        url: '/api/stories',
        payload: await multipart([await makePng(), await makePng()], ['A', 'B']),
      }),
    'POST /api/stories 413': async () => {
      // 8000 x 5001 pixels: over 40 megapixels, yet a small file (one colour).
      const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      return send({
        method: 'POST',
        url: '/api/stories',
        headers: admin,
        payload: await multipart([huge, huge], ['A', 'B']),
      });
    },
    'POST /api/stories 415': () => send(json('POST', '/api/stories', { texts: ['A', 'B'] }, admin)),
    'POST /api/stories 429': () => until429(() => json('POST', '/api/stories', {}, admin)),
    'DELETE /api/stories/{id} 401': () => send({ method: 'DELETE', url: `/api/stories/${unknownId}` }),
    'DELETE /api/stories/{id} 404': () =>
      send({ method: 'DELETE', url: `/api/stories/${unknownId}`, headers: admin }),
    'DELETE /api/stories/{id} 429': () =>
      until429(() => ({ method: 'DELETE', url: `/api/stories/${unknownId}`, headers: admin })),
    'POST /api/admin/validate 401': () => send({ method: 'POST', url: '/api/admin/validate' }),
    'POST /api/admin/validate 429': () =>
      until429(() => ({
        method: 'POST',
        url: '/api/admin/validate',
        headers: { 'x-admin-code': 'not-the-password' },
      })),
    'POST /api/admin/logout 401': () => send({ method: 'POST', url: '/api/admin/logout' }),
    'POST /api/payment/confirm 400': () => send(json('POST', '/api/payment/confirm', {}, reader)),
    'POST /api/payment/confirm 401': () =>
      send(json('POST', '/api/payment/confirm', { amount: 10, payment_method: 'paypal' })),
    'POST /api/discounts/check 400': () => send(json('POST', '/api/discounts/check', {})),
    'POST /api/discounts/check 429': () =>
      until429(() => json('POST', '/api/discounts/check', { code: 'x' })),
    'POST /api/invites/check 400': () => send(json('POST', '/api/invites/check', {})),
    'POST /api/invites/check 429': () => until429(() => json('POST', '/api/invites/check', { code: 'x' })),
    'POST /api/waitlist 400': () => send(json('POST', '/api/waitlist', {})),
    'POST /api/waitlist 429': () => until429(() => json('POST', '/api/waitlist', {})),
    'PUT /api/admin/users/{email}/subscription 400': () =>
      send(json('PUT', `/api/admin/users/${readerEmail}/subscription`, {}, admin)),
    'PUT /api/admin/users/{email}/subscription 401': () =>
      send(json('PUT', `/api/admin/users/${readerEmail}/subscription`, { is_subscribed: 'true' })),
    'PUT /api/admin/users/{email}/subscription 404': () =>
      send(json('PUT', `/api/admin/users/${unknownEmail}/subscription`, { is_subscribed: 'true' }, admin)),
    'PUT /api/admin/users/{email}/subscription 429': () =>
      until429(() => json('PUT', `/api/admin/users/${unknownEmail}/subscription`, {}, admin)),
    'POST /api/admin/users/{email}/resend-verification 400': () =>
      send({ method: 'POST', url: `/api/admin/users/${readerEmail}/resend-verification`, headers: admin }),
    'POST /api/admin/users/{email}/resend-verification 401': () =>
      send({ method: 'POST', url: `/api/admin/users/${readerEmail}/resend-verification` }),
    'POST /api/admin/users/{email}/resend-verification 404': () =>
      send({ method: 'POST', url: `/api/admin/users/${unknownEmail}/resend-verification`, headers: admin }),
    'POST /api/admin/users/{email}/resend-verification 429': () =>
      until429(() => ({
        method: 'POST',
        url: `/api/admin/users/${unknownEmail}/resend-verification`,
        headers: admin,
      })),
    'DELETE /api/admin/users/{email} 401': () =>
      send({ method: 'DELETE', url: `/api/admin/users/${unknownEmail}` }),
    'DELETE /api/admin/users/{email} 404': () =>
      send({ method: 'DELETE', url: `/api/admin/users/${unknownEmail}`, headers: admin }),
    'DELETE /api/admin/users/{email} 429': () =>
      until429(() => ({ method: 'DELETE', url: `/api/admin/users/${unknownEmail}`, headers: admin })),
    'POST /api/admin/tags 400': () => send(json('POST', '/api/admin/tags', { tag: 'bad_tag' }, admin)),
    'POST /api/admin/tags 401': () => send(json('POST', '/api/admin/tags', { tag: 'probe' })),
    'POST /api/admin/tags 409': async () => {
      await send(json('POST', '/api/admin/tags', { tag: 'probe twice' }, admin));
      return send(json('POST', '/api/admin/tags', { tag: 'probe twice' }, admin));
    },
    'POST /api/admin/tags 429': () =>
      until429(() => json('POST', '/api/admin/tags', { tag: 'bad_tag' }, admin)),
    'DELETE /api/admin/tags/{tag} 400': () =>
      send({ method: 'DELETE', url: '/api/admin/tags/bad_tag', headers: admin }),
    'DELETE /api/admin/tags/{tag} 401': () => send({ method: 'DELETE', url: '/api/admin/tags/probe' }),
    'DELETE /api/admin/tags/{tag} 404': () =>
      send({ method: 'DELETE', url: '/api/admin/tags/not-in-the-list', headers: admin }),
    'DELETE /api/admin/tags/{tag} 429': () =>
      until429(() => ({ method: 'DELETE', url: '/api/admin/tags/not-in-the-list', headers: admin })),
    'PUT /api/admin/stories/{id}/labels 400': () =>
      send(
        json('PUT', `/api/admin/stories/${premiumId}/labels`, { tags: ['not-curated'], warnings: [] }, admin),
      ),
    'PUT /api/admin/stories/{id}/labels 401': () =>
      send(json('PUT', `/api/admin/stories/${premiumId}/labels`, { tags: [], warnings: [] })),
    'PUT /api/admin/stories/{id}/labels 404': () =>
      send(json('PUT', `/api/admin/stories/${unknownId}/labels`, { tags: [], warnings: [] }, admin)),
    'PUT /api/admin/stories/{id}/labels 429': () =>
      until429(() =>
        json('PUT', `/api/admin/stories/${unknownId}/labels`, { tags: [], warnings: [] }, admin),
      ),
    'PUT /api/me/hidden-warnings 400': () =>
      send(json('PUT', '/api/me/hidden-warnings', { warnings: ['spiders'] }, reader)),
    'PUT /api/me/hidden-warnings 401': () => send(json('PUT', '/api/me/hidden-warnings', { warnings: [] })),
    'GET /api/me/hidden-warnings 401': () => send({ method: 'GET', url: '/api/me/hidden-warnings' }),
    'GET /api/auth/me 401': () => send({ method: 'GET', url: '/api/auth/me' }),
    'GET /api/me/premium 401': () => send({ method: 'GET', url: '/api/me/premium' }),
    'GET /api/me/premium/stories/{id} 401': () =>
      send({ method: 'GET', url: `/api/me/premium/stories/${premiumId}` }),
    'GET /api/me/premium/stories/{id} 404': () =>
      send({ method: 'GET', url: `/api/me/premium/stories/${unknownId}`, headers: reader }),
    'GET /api/stories 400': () => send({ method: 'GET', url: '/api/stories?limit=0' }),
    'GET /api/stories 401': () =>
      send({ method: 'GET', url: '/api/stories', headers: { 'x-admin-code': 'not-the-password' } }),
    'GET /api/stories/{id} 401': () => send({ method: 'GET', url: `/api/stories/${premiumId}` }),
    'GET /api/stories/{id} 402': () =>
      send({ method: 'GET', url: `/api/stories/${premiumId}`, headers: reader }),
    'GET /api/stories/{id} 404': () => send({ method: 'GET', url: `/api/stories/${unknownId}` }),
    'GET /api/search 400': () => send({ method: 'GET', url: '/api/search?q=', headers: admin }),
    'GET /api/search 401': () => send({ method: 'GET', url: '/api/search?q=fog' }),
    'GET /api/search 429': () =>
      until429(() => ({ method: 'GET', url: '/api/search?q=fog', headers: reader })),
    'GET /api/images/{name} 404': () => send({ method: 'GET', url: '/api/images/no-such-image' }),
    'PUT /api/stories/{id}/progress 400': () =>
      send(json('PUT', `/api/stories/${premiumId}/progress`, { slide: 10 }, reader)),
    'PUT /api/stories/{id}/progress 401': () =>
      send(json('PUT', `/api/stories/${premiumId}/progress`, { slide: 1 })),
    'PUT /api/stories/{id}/progress 402': () =>
      send(json('PUT', `/api/stories/${premiumId}/progress`, { slide: 1 }, reader)),
    'PUT /api/stories/{id}/progress 404': () =>
      send(json('PUT', `/api/stories/${unknownId}/progress`, { slide: 1 }, reader)),
    'PUT /api/stories/{id}/finished 401': () =>
      send({ method: 'PUT', url: `/api/stories/${premiumId}/finished` }),
    'PUT /api/stories/{id}/finished 402': () =>
      send({ method: 'PUT', url: `/api/stories/${premiumId}/finished`, headers: reader }),
    'PUT /api/stories/{id}/finished 404': () =>
      send({ method: 'PUT', url: `/api/stories/${unknownId}/finished`, headers: reader }),
    'PUT /api/stories/{id}/saved 401': () => send({ method: 'PUT', url: `/api/stories/${premiumId}/saved` }),
    'PUT /api/stories/{id}/saved 404': () =>
      send({ method: 'PUT', url: `/api/stories/${unknownId}/saved`, headers: reader }),
    'DELETE /api/stories/{id}/saved 401': () =>
      send({ method: 'DELETE', url: `/api/stories/${premiumId}/saved` }),
    'GET /api/stories/{id}/progress 401': () =>
      send({ method: 'GET', url: `/api/stories/${premiumId}/progress` }),
    'GET /api/stories/{id}/progress 404': () =>
      send({ method: 'GET', url: `/api/stories/${unknownId}/progress`, headers: reader }),
    'GET /api/me/library 400': () =>
      send({ method: 'GET', url: '/api/me/library?shelf=nope', headers: reader }),
    'GET /api/me/library 401': () => send({ method: 'GET', url: '/api/me/library?shelf=saved' }),
    'GET /api/admin/users 401': () => send({ method: 'GET', url: '/api/admin/users' }),
    'GET /api/admin/users/monthly-stats 401': () =>
      send({ method: 'GET', url: '/api/admin/users/monthly-stats' }),
    'GET /api/admin/payments 401': () => send({ method: 'GET', url: '/api/admin/payments' }),
    'GET /api/admin/users/{email}/history 400': () =>
      send({ method: 'GET', url: `/api/admin/users/${readerEmail}/history?as_of=yesterday`, headers: admin }),
    'GET /api/admin/users/{email}/history 401': () =>
      send({ method: 'GET', url: `/api/admin/users/${readerEmail}/history` }),
    'GET /api/admin/users/{email}/history 404': () =>
      send({ method: 'GET', url: `/api/admin/users/${unknownEmail}/history`, headers: admin }),
  };

  it('has a probe for each documented error, and documents each probed one', () => {
    expect(documentedErrors(document).sort()).toEqual(Object.keys(probes).sort());
  });

  it.each(Object.keys(probes))('%s', async (key) => {
    const status = Number(key.split(' ').at(-1));
    const response = await probes[key]!();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });
});
