import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  CCBILL_WEBHOOK_RANGES,
  CCBILL_WEBHOOKS_PER_MINUTE,
  HOSTED_NOTIFICATIONS_PER_MINUTE,
  type LocalYoti,
  startLocalYoti,
} from '@nocturne/command-api';
import { ADMIN_ROLES, type AdminRole, adminRoutePermissions } from '@nocturne/domain';
import { NOTICES_PER_MINUTE } from '@nocturne/query-api';
import {
  createVerifiedUser,
  makePng,
  postStory,
  publishStory,
  signUp,
  uniqueEmail,
} from '@nocturne/test-kit/api-client';
import { createStaffMember } from '@nocturne/test-kit/staff-api-client';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDepsFrom } from '../system/deps';
import { buildHttpApp, registerApis } from '../system/http-app';
import { startTestSystem, type TestSystem } from '../system/test-system';
import { committedDocumentPath, serialisedDocument } from './committed-document';
import { OPENAPI_PATH } from './openapi-route';
import { sharedResponses } from './shared-conventions';

interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, { schema: { properties?: Record<string, unknown> } }>;
}
interface Operation {
  summary?: string;
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
}

let system: TestSystem;
let document: OpenApiDocument;

beforeAll(async () => {
  // The wallet method offered, with an empty trust list: every presentation is refused. Age
  // assurance required, so that an Explicit image's refusal can be probed (no story here is
  // Explicit but that one).
  system = await startTestSystem({
    ageWallet: {
      provider: 'local-wallet',
      walletUrl: 'http://127.0.0.1:9/authorize',
      trustedCertificates: [],
    },
    ageAssurance: { mode: 'required', regions: [], validityDays: 365 },
  });
  const response = await fetch(`${system.baseUrl}${OPENAPI_PATH}`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(async () => {
  await system?.stop();
});

/** Fastify's `/api/stories/:id` as OpenAPI writes it: `/api/stories/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** A response as written, or the shared one it refers to. */
const resolved = (doc: OpenApiDocument, response: Response): Response =>
  response.$ref ? doc.components.responses[response.$ref.split('/').at(-1)!]! : response;

/**
 * Every error a route documents as its own (not a shared status it merely refers to), for GET
 * and the other methods (a HEAD answers as its GET): `POST /api/auth/login 401`.
 */
function documentedErrors(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => method !== 'head')
      .flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([status, response]) => Number(status) >= 400 && !response.$ref)
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
  );
}

describe('GET /api/openapi.json', () => {
  it('is the committed document that the SPA client is generated from (`npm run openapi` writes it)', () => {
    expect(serialisedDocument(document), 'run `npm run openapi` and commit the result').toBe(
      readFileSync(committedDocumentPath, 'utf8'),
    );
  });

  it('is OpenAPI 3.1 and holds every /api route the server registers, and no other', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The product's own composition of the APIs (registerApis), watched as each route is added.
    const registered = new Set<string>();
    const app = Fastify();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (route.url.startsWith('/api/')) registered.add(`${method} ${openApiPath(route.url)}`);
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
          // A HEAD answer has no body: its statuses are its GET's, which has them.
          if (Number(status) < 400 || method === 'head') continue;
          const schema = resolved(document, response).content?.['application/json']?.schema;
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
  const json = (
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload: unknown,
    headers = {},
  ): InjectOptions => ({
    method,
    url,
    payload: payload as InjectOptions['payload'],
    headers,
  });
  /** A wallet's direct_post (form-encoded) to the check `state`, with no presentation in it. */
  const walletAnswer = (state: string): InjectOptions => ({
    method: 'POST',
    url: '/api/age-assurance/responses',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ vp_token: '{"age_over_18":["AAAA"]}', state }).toString(),
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
  /** A story a moderator hid (451). */
  let hiddenId: string;
  /**
   * The product with a payment processor configured (the test system confirms payments by hand):
   * what only a processor answers (a forged notice's 403) is probed on it.
   */
  let withProcessor: FastifyInstance;
  /** The product taking CCBill's webhooks (CCBill's published sender ranges). */
  let withCcbill: FastifyInstance;
  /** The product where every viewer must be assured (what only the policy refuses is probed on it). */
  let withAgePolicy: FastifyInstance;
  /** The stand-in speaking Yoti's wire: the product offering it, and one whose Yoti does not answer. */
  let yoti: LocalYoti;
  let withHosted: FastifyInstance;
  let withHostedDown: FastifyInstance;

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
    hiddenId = (await publishStory(system.baseUrl, admin['x-admin-code'], { texts: ['Hid', 'Den'] })).id;
    await send(json('POST', `/api/admin/stories/${hiddenId}/hide`, { reason: 'Probe' }, admin));
    await system.settle();
    const processorConfig = {
      ...system.config,
      payments: {
        provider: 'verotel' as const,
        shopId: '1',
        signatureKey: 'probe-signature-key',
        orderUrl: 'https://secure.verotel.test/startorder',
        descriptor: 'PROBE',
      },
    };
    withProcessor = await buildHttpApp({
      ...(await apiDepsFrom(processorConfig, system.infra, () => new Date())),
      logLevel: 'silent',
      trustProxy: system.config.trustProxy,
    });
    withCcbill = await buildHttpApp({
      ...(await apiDepsFrom(
        {
          ...system.config,
          payments: {
            provider: 'ccbill' as const,
            clientAccnum: '900100',
            clientSubacc: '0000',
            flexId: 'probe-flex-id',
            salt: 'probe-salt',
            flexFormsUrl: 'https://api.ccbill.test/wap-frontflex/flexforms',
            descriptor: 'PROBE',
            webhookSenders: CCBILL_WEBHOOK_RANGES,
          },
        },
        system.infra,
        () => new Date(),
      )),
      logLevel: 'silent',
      trustProxy: false,
    });
    withAgePolicy = await buildHttpApp({
      ...(await apiDepsFrom(
        { ...system.config, ageAssurance: { mode: 'required', regions: [], validityDays: 365 } },
        system.infra,
        () => new Date(),
      )),
      logLevel: 'silent',
      trustProxy: system.config.trustProxy,
    });
    yoti = await startLocalYoti();
    const hosted = (apiUrl: string) =>
      apiDepsFrom(
        {
          ...system.config,
          ageHosted: {
            apiUrl,
            sdkId: yoti.sdkId,
            apiKey: yoti.apiKey,
            notificationPublicKey: yoti.publicKeyPem,
            estimationThreshold: 25,
            timeoutMs: 2_000,
          },
        },
        system.infra,
        () => new Date(),
      );
    withHosted = await buildHttpApp({
      ...(await hosted(yoti.url)),
      logLevel: 'silent',
      trustProxy: system.config.trustProxy,
    });
    withHostedDown = await buildHttpApp({
      ...(await hosted('http://127.0.0.1:9')),
      logLevel: 'silent',
      trustProxy: system.config.trustProxy,
    });
  }, 60_000);
  afterAll(async () => {
    await withProcessor?.close();
    await withCcbill?.close();
    await withAgePolicy?.close();
    await withHosted?.close();
    await withHostedDown?.close();
    await yoti?.stop();
  });

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

  /** A story form with a tag nobody curated: refused whoever sends it. */
  const uncuratedForm = async () => {
    const form = await multipart([await makePng(), await makePng()], ['A', 'B']);
    form.append('tags', 'no-such-curated-tag');
    return form;
  };
  /** Two slides whose images are each over 40 megapixels, yet small files (one colour). */
  const hugeForm = async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    return multipart([huge, huge], ['A', 'B']);
  };
  const formRequest = (
    method: 'POST' | 'PUT',
    url: string,
    payload: FormData,
    headers = {},
  ): InjectOptions => ({
    method,
    url,
    payload: payload as unknown as InjectOptions['payload'],
    headers,
  });
  /**
   * The reader as a creator (under the pen name the follow probes give them too): a draft of
   * theirs, and a story they published. No new account: signups are limited per client.
   */
  let creator: Promise<{ headers: { authorization: string }; draftId: string; storyId: string }> | undefined;
  const creatorOwn = () => {
    creator ??= (async () => {
      const headers = reader;
      await send(json('PUT', '/api/me/pen-name', { penName: 'Probe Self' }, headers));
      const twoSlides = async () => multipart([await makePng(), await makePng()], ['One', 'Two']);
      const draft = await send(formRequest('POST', '/api/drafts', await twoSlides(), headers));
      const story = await send(formRequest('POST', '/api/drafts', await twoSlides(), headers));
      const storyId = (story.json() as { id: string }).id;
      await send({ method: 'POST', url: `/api/drafts/${storyId}/publish`, headers });
      return { headers, draftId: (draft.json() as { id: string }).id, storyId };
    })();
    return creator;
  };
  /** A draft of two slides rated Explicit, by the reader (whose age nobody assured). */
  const explicitDraft = async () => {
    const form = await multipart([await makePng(), await makePng()], ['One', 'Two']);
    form.append('rating', 'explicit');
    const draft = await send(formRequest('POST', '/api/drafts', form, reader));
    return (draft.json() as { id: string }).id;
  };
  const draftProbes: Record<string, () => Promise<LightMyRequestResponse>> = {
    'POST /api/drafts 400': async () =>
      send(formRequest('POST', '/api/drafts', await uncuratedForm(), reader)),
    'POST /api/drafts 401': async () =>
      send(formRequest('POST', '/api/drafts', await multipart([await makePng()], ['A']))),
    'POST /api/drafts 413': async () => send(formRequest('POST', '/api/drafts', await hugeForm(), reader)),
    'POST /api/drafts 415': () => send(json('POST', '/api/drafts', { texts: ['A'] }, reader)),
    'POST /api/drafts 429': () => until429(() => json('POST', '/api/drafts', {}, reader)),
    'PUT /api/drafts/{id} 400': async () => {
      const { headers, draftId } = await creatorOwn();
      return send(formRequest('PUT', `/api/drafts/${draftId}`, await uncuratedForm(), headers));
    },
    'PUT /api/drafts/{id} 401': async () => {
      const { draftId } = await creatorOwn();
      return send(formRequest('PUT', `/api/drafts/${draftId}`, await multipart([await makePng()], ['A'])));
    },
    'PUT /api/drafts/{id} 404': async () =>
      send(formRequest('PUT', `/api/drafts/${unknownId}`, await multipart([await makePng()], ['A']), reader)),
    'PUT /api/drafts/{id} 409': async () => {
      const { headers, storyId } = await creatorOwn();
      return send(
        formRequest('PUT', `/api/drafts/${storyId}`, await multipart([await makePng()], ['A']), headers),
      );
    },
    'PUT /api/drafts/{id} 413': async () => {
      const { headers, draftId } = await creatorOwn();
      return send(formRequest('PUT', `/api/drafts/${draftId}`, await hugeForm(), headers));
    },
    'PUT /api/drafts/{id} 415': async () => {
      const { headers, draftId } = await creatorOwn();
      return send(json('PUT', `/api/drafts/${draftId}`, { texts: ['A'] }, headers));
    },
    'PUT /api/drafts/{id} 429': () => until429(() => json('PUT', `/api/drafts/${unknownId}`, {}, reader)),
    'DELETE /api/drafts/{id} 401': () => send({ method: 'DELETE', url: `/api/drafts/${unknownId}` }),
    'DELETE /api/drafts/{id} 404': () =>
      send({ method: 'DELETE', url: `/api/drafts/${unknownId}`, headers: reader }),
    'POST /api/drafts/{id}/publish 400': async () => {
      // A draft may have one slide; a story may not.
      const draft = await send(
        formRequest('POST', '/api/drafts', await multipart([await makePng()], ['Alone']), reader),
      );
      const id = (draft.json() as { id: string }).id;
      return send({ method: 'POST', url: `/api/drafts/${id}/publish`, headers: reader });
    },
    'POST /api/drafts/{id}/publish 401': () =>
      send({ method: 'POST', url: `/api/drafts/${unknownId}/publish` }),
    'POST /api/drafts/{id}/publish 403': async () =>
      withAgePolicy.inject({
        method: 'POST',
        url: `/api/drafts/${await explicitDraft()}/publish`,
        headers: { ...reader, 'x-forwarded-for': nextClient() },
      }),
    'POST /api/drafts/{id}/publish 404': () =>
      send({ method: 'POST', url: `/api/drafts/${unknownId}/publish`, headers: reader }),
    'PUT /api/drafts/{id}/schedule 400': async () => {
      const { headers, draftId } = await creatorOwn();
      return send(
        json('PUT', `/api/drafts/${draftId}/schedule`, { publishAt: '2020-01-01T00:00:00Z' }, headers),
      );
    },
    'PUT /api/drafts/{id}/schedule 401': () =>
      send(json('PUT', `/api/drafts/${unknownId}/schedule`, { publishAt: '2099-01-01T00:00:00Z' })),
    'PUT /api/drafts/{id}/schedule 403': async () =>
      withAgePolicy.inject({
        ...json(
          'PUT',
          `/api/drafts/${await explicitDraft()}/schedule`,
          { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
          { ...reader, 'x-forwarded-for': nextClient() },
        ),
      }),
    'PUT /api/drafts/{id}/schedule 404': () =>
      send(
        json(
          'PUT',
          `/api/drafts/${unknownId}/schedule`,
          { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
          reader,
        ),
      ),
    'DELETE /api/drafts/{id}/schedule 401': () =>
      send({ method: 'DELETE', url: `/api/drafts/${unknownId}/schedule` }),
    'DELETE /api/drafts/{id}/schedule 404': () =>
      send({ method: 'DELETE', url: `/api/drafts/${unknownId}/schedule`, headers: reader }),
    'DELETE /api/drafts/{id}/schedule 409': async () => {
      const { headers, draftId } = await creatorOwn();
      return send({ method: 'DELETE', url: `/api/drafts/${draftId}/schedule`, headers });
    },
    'GET /api/me/drafts 401': () => send({ method: 'GET', url: '/api/me/drafts' }),
    'GET /api/me/drafts/{id} 401': () => send({ method: 'GET', url: `/api/me/drafts/${unknownId}` }),
    'GET /api/me/drafts/{id} 404': () =>
      send({ method: 'GET', url: `/api/me/drafts/${unknownId}`, headers: reader }),
    'GET /api/me/stories/{id} 401': () => send({ method: 'GET', url: `/api/me/stories/${unknownId}` }),
    'GET /api/me/stories/{id} 404': () =>
      send({ method: 'GET', url: `/api/me/stories/${premiumId}`, headers: reader }),
    'POST /api/stories/{id}/revisions 400': async () => {
      const { headers, storyId } = await creatorOwn();
      return send(formRequest('POST', `/api/stories/${storyId}/revisions`, await uncuratedForm(), headers));
    },
    'POST /api/stories/{id}/revisions 401': async () =>
      send(
        formRequest('POST', `/api/stories/${premiumId}/revisions`, await multipart([await makePng()], ['A'])),
      ),
    'POST /api/stories/{id}/revisions 403': async () =>
      send(
        formRequest(
          'POST',
          `/api/stories/${premiumId}/revisions`,
          await multipart([await makePng(), await makePng()], ['A', 'B']),
          reader,
        ),
      ),
    'POST /api/stories/{id}/revisions 404': async () =>
      send(
        formRequest(
          'POST',
          `/api/stories/${unknownId}/revisions`,
          await multipart([await makePng(), await makePng()], ['A', 'B']),
          reader,
        ),
      ),
    'POST /api/stories/{id}/revisions 413': async () => {
      const { headers, storyId } = await creatorOwn();
      return send(formRequest('POST', `/api/stories/${storyId}/revisions`, await hugeForm(), headers));
    },
    'POST /api/stories/{id}/revisions 415': async () => {
      const { headers, storyId } = await creatorOwn();
      return send(json('POST', `/api/stories/${storyId}/revisions`, { texts: ['A', 'B'] }, headers));
    },
    'POST /api/stories/{id}/revisions 429': () =>
      until429(() => json('POST', `/api/stories/${unknownId}/revisions`, {}, reader)),
    'POST /api/stories/{id}/unpublish 401': () =>
      send({ method: 'POST', url: `/api/stories/${premiumId}/unpublish` }),
    'POST /api/stories/{id}/unpublish 403': () =>
      send({ method: 'POST', url: `/api/stories/${premiumId}/unpublish`, headers: reader }),
    'POST /api/stories/{id}/unpublish 404': () =>
      send({ method: 'POST', url: `/api/stories/${unknownId}/unpublish`, headers: reader }),
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
    'POST /api/admin/staff/{staffId}/second-factor/reset 401': () =>
      send(json('POST', `/api/admin/staff/${unknownStaff}/second-factor/reset`, {})),
    'POST /api/admin/staff/{staffId}/second-factor/reset 404': () =>
      send(json('POST', `/api/admin/staff/${unknownStaff}/second-factor/reset`, {}, admin)),
    // Wrong codes (a reset that succeeds would end the probes' staff sessions).
    'POST /api/admin/staff/{staffId}/second-factor/reset 429': () =>
      until429(() =>
        json(
          'POST',
          `/api/admin/staff/${unknownStaff}/second-factor/reset`,
          {},
          { 'x-admin-code': 'a-guess' },
        ),
      ),
    'POST /api/admin/staff/second-factor/reset 401': () =>
      send(json('POST', '/api/admin/staff/second-factor/reset', {})),
    'POST /api/admin/staff/second-factor/reset 429': () =>
      until429(() => json('POST', '/api/admin/staff/second-factor/reset', {}, { 'x-admin-code': 'a-guess' })),
    'GET /api/admin/staff 400': () =>
      send({ method: 'GET', url: '/api/admin/staff?cursor=forged', headers: admin }),
    'GET /api/admin/staff 401': () => send({ method: 'GET', url: '/api/admin/staff' }),
    'POST /api/admin/integrity/{kind} 400': () =>
      send({ method: 'POST', url: '/api/admin/integrity/everything', headers: admin }),
    'POST /api/admin/integrity/{kind} 401': () => send({ method: 'POST', url: '/api/admin/integrity/log' }),
    // A start while the check runs answers the running one: the repeats start nothing more.
    'POST /api/admin/integrity/{kind} 429': () =>
      until429(() => ({ method: 'POST', url: '/api/admin/integrity/log', headers: admin })),
    'GET /api/admin/integrity/{kind} 400': () =>
      send({ method: 'GET', url: '/api/admin/integrity/everything', headers: admin }),
    'GET /api/admin/integrity/{kind} 401': () => send({ method: 'GET', url: '/api/admin/integrity/log' }),
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
    'POST /api/payments/purchases 400': () =>
      send(json('POST', '/api/payments/purchases', { discount_code: 42 }, reader)),
    'POST /api/payments/purchases 401': () => send(json('POST', '/api/payments/purchases', {})),
    'POST /api/payments/purchases 409': () => send(json('POST', '/api/payments/purchases', {}, reader)),
    'POST /api/payments/purchases 429': () => until429(() => json('POST', '/api/payments/purchases', {})),
    'GET /api/payments/purchases/{id} 400': () =>
      send({ method: 'GET', url: '/api/payments/purchases/not%20an%20id', headers: reader }),
    'GET /api/payments/purchases/{id} 401': () => send({ method: 'GET', url: '/api/payments/purchases/p1' }),
    'GET /api/payments/purchases/{id} 404': () =>
      send({ method: 'GET', url: '/api/payments/purchases/p1', headers: reader }),
    'GET /api/payments/notices 400': () =>
      send({ method: 'GET', url: `/api/payments/notices?custom1=${'x'.repeat(5000)}` }),
    'GET /api/payments/notices 403': () =>
      withProcessor.inject({
        method: 'GET',
        url: '/api/payments/notices?type=purchase&saleID=1&signature=00',
        headers: { 'x-forwarded-for': nextClient() },
      }),
    'GET /api/payments/notices 404': () =>
      send({ method: 'GET', url: '/api/payments/notices?type=purchase' }),
    'GET /api/payments/notices 429': async () => {
      // A sender over its budget: the budget is a processor's burst, spent here at once.
      const client = nextClient();
      for (let spent = 0; spent < NOTICES_PER_MINUTE; spent += 50) {
        await Promise.all(
          Array.from({ length: 50 }, () =>
            system.infra.security.limiter.hit(`payment-notices:${client}`, 60_000),
          ),
        );
      }
      return send({ method: 'GET', url: '/api/payments/notices?type=purchase' }, client);
    },
    'POST /api/payments/ccbill/webhooks 400': () =>
      withCcbill.inject({
        ...json('POST', '/api/payments/ccbill/webhooks?eventType=NewSaleSuccess', { nested: { no: 1 } }),
        remoteAddress: '64.38.212.9',
      }),
    'POST /api/payments/ccbill/webhooks 403': () =>
      withCcbill.inject({
        ...json('POST', '/api/payments/ccbill/webhooks?eventType=NewSaleSuccess', {}),
        remoteAddress: '203.0.113.50',
      }),
    'POST /api/payments/ccbill/webhooks 404': () =>
      send(json('POST', '/api/payments/ccbill/webhooks?eventType=NewSaleSuccess', {})),
    'POST /api/payments/ccbill/webhooks 429': async () => {
      // A sender over its budget (a processor's burst), spent here at once.
      const client = nextClient();
      for (let spent = 0; spent < CCBILL_WEBHOOKS_PER_MINUTE; spent += 100) {
        await Promise.all(
          Array.from({ length: 100 }, () =>
            system.infra.security.limiter.hit(`ccbill-webhooks:${client}`, 60_000),
          ),
        );
      }
      return send(json('POST', '/api/payments/ccbill/webhooks?eventType=NewSaleSuccess', {}), client);
    },
    'POST /api/discounts/check 400': () => send(json('POST', '/api/discounts/check', {})),
    'POST /api/discounts/check 429': () =>
      until429(() => json('POST', '/api/discounts/check', { code: 'x' })),
    'POST /api/invites/check 400': () => send(json('POST', '/api/invites/check', {})),
    'POST /api/invites/check 429': () => until429(() => json('POST', '/api/invites/check', { code: 'x' })),
    'POST /api/age-assurance/checks 400': () =>
      send(json('POST', '/api/age-assurance/checks', { method: 'face' })),
    'POST /api/age-assurance/checks 401': () =>
      send(
        json(
          'POST',
          '/api/age-assurance/checks',
          { method: 'wallet' },
          { authorization: 'Bearer not-a-session' },
        ),
      ),
    'POST /api/age-assurance/checks 429': () =>
      until429(() => json('POST', '/api/age-assurance/checks', { method: 'face' })),
    'POST /api/age-assurance/checks/{id}/result 403': async () => {
      const started = await send(json('POST', '/api/age-assurance/checks', { method: 'wallet' }));
      const { check } = started.json() as { check: string };
      return send({
        method: 'POST',
        url: `/api/age-assurance/checks/${check}/result`,
        headers: { 'x-age-check-secret': 'wrong' },
      });
    },
    'POST /api/age-assurance/checks/{id}/result 404': () =>
      send({
        method: 'POST',
        url: `/api/age-assurance/checks/${randomUUID()}/result`,
        headers: { 'x-age-check-secret': 'x' },
      }),
    'POST /api/age-assurance/checks/{id}/result 429': () =>
      until429(() => ({ method: 'POST', url: `/api/age-assurance/checks/${randomUUID()}/result` })),
    'POST /api/age-assurance/responses 400': () => send(walletAnswer('no-such-check')),
    // The check's one answer is stored (refused: not a presentation); the second is a replay.
    'POST /api/age-assurance/responses 401': async () => {
      const started = await send(json('POST', '/api/age-assurance/checks', { method: 'wallet' }));
      const { check } = started.json() as { check: string };
      await send(walletAnswer(check));
      return send(walletAnswer(check));
    },
    'POST /api/age-assurance/responses 429': () => until429(() => walletAnswer('no-such-check')),
    'POST /api/age-assurance/checks 503': () =>
      withHostedDown.inject({
        ...json('POST', '/api/age-assurance/checks', { method: 'hosted' }),
        headers: { 'x-forwarded-for': nextClient() },
      }),
    'POST /api/age-assurance/notifications 400': () =>
      send(json('POST', '/api/age-assurance/notifications', { session_key: 'x' })),
    'POST /api/age-assurance/notifications 401': () =>
      withHostedDown.inject({
        ...json('POST', '/api/age-assurance/notifications', { session_key: 'x', signature: 'Zm9yZ2Vk' }),
        headers: { 'x-forwarded-for': nextClient() },
      }),
    'POST /api/age-assurance/notifications 429': async () => {
      // An address over its budget (a flood of notifications), spent here at once.
      const client = nextClient();
      for (let spent = 0; spent < HOSTED_NOTIFICATIONS_PER_MINUTE; spent += 100) {
        await Promise.all(
          Array.from({ length: 100 }, () =>
            system.infra.security.limiter.hit(`age-hosted-notification:${client}`, 60_000),
          ),
        );
      }
      return send(json('POST', '/api/age-assurance/notifications', {}), client);
    },
    // A genuine notification of a pending check, where Yoti does not answer when its result is asked.
    'POST /api/age-assurance/notifications 503': async () => {
      const started = await withHosted.inject({
        ...json('POST', '/api/age-assurance/checks', { method: 'hosted' }),
        headers: { 'x-forwarded-for': nextClient() },
      });
      const session = new URL((started.json() as { redirect: string }).redirect).searchParams.get(
        'sessionId',
      )!;
      return withHostedDown.inject({
        ...json('POST', '/api/age-assurance/notifications', yoti.signedNotification(session)),
        headers: { 'x-forwarded-for': nextClient() },
      });
    },
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
    'PATCH /api/me/reading-settings 400': () =>
      send(json('PATCH', '/api/me/reading-settings', { theme: 'neon' }, reader)),
    'PATCH /api/me/reading-settings 401': () => send(json('PATCH', '/api/me/reading-settings', {})),
    'GET /api/me/reading-settings 401': () => send({ method: 'GET', url: '/api/me/reading-settings' }),
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
    'GET /api/images/{name} 403': async () => {
      // By a staff admin of its own: the probes before it used up the owner's publishing limit.
      const published = await postStory(
        system.baseUrl,
        { texts: ['One', 'Two'], rating: 'explicit' },
        staff.admin!,
        300,
      );
      expect(published.status, await published.clone().text()).toBe(201);
      const { id } = (await published.json()) as { id: string };
      await system.settle();
      const image = await system.infra.db
        .selectFrom('story_images')
        .select('ref')
        .where('story_id', '=', id)
        .executeTakeFirstOrThrow();
      return send({ method: 'GET', url: `/api/images/${image.ref}` });
    },
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
    'GET /api/admin/users 400': () =>
      send({ method: 'GET', url: '/api/admin/users?cursor=forged', headers: admin }),
    'GET /api/admin/users 401': () => send({ method: 'GET', url: '/api/admin/users' }),
    'GET /api/admin/age-assurances 401': () => send({ method: 'GET', url: '/api/admin/age-assurances' }),
    'GET /api/admin/audit/reconciliations 401': () =>
      send({ method: 'GET', url: '/api/admin/audit/reconciliations' }),
    'GET /api/admin/users/monthly-stats 401': () =>
      send({ method: 'GET', url: '/api/admin/users/monthly-stats' }),
    'GET /api/admin/payments 400': () =>
      send({ method: 'GET', url: '/api/admin/payments?limit=0', headers: admin }),
    'GET /api/admin/payments 401': () => send({ method: 'GET', url: '/api/admin/payments' }),
    'GET /api/admin/payments/queue 400': () =>
      send({ method: 'GET', url: '/api/admin/payments/queue?limit=0', headers: admin }),
    'GET /api/admin/payments/queue 401': () => send({ method: 'GET', url: '/api/admin/payments/queue' }),
    'GET /api/admin/revenue 400': () =>
      send({ method: 'GET', url: '/api/admin/revenue?period=year', headers: admin }),
    'GET /api/admin/revenue 401': () => send({ method: 'GET', url: '/api/admin/revenue' }),
    'GET /api/admin/audit/timeline 400': () =>
      send({ method: 'GET', url: '/api/admin/audit/timeline?account=nothex', headers: staff.auditor }),
    'GET /api/admin/audit/timeline 401': () =>
      send({ method: 'GET', url: `/api/admin/audit/timeline?email=${readerEmail}` }),
    'GET /api/admin/audit/timeline 404': () =>
      send({ method: 'GET', url: `/api/admin/audit/timeline?email=${unknownEmail}`, headers: admin }),
    'GET /api/admin/audit/streams 400': () =>
      send({ method: 'GET', url: '/api/admin/audit/streams?category=nonsense', headers: staff.auditor }),
    'GET /api/admin/audit/streams 401': () => send({ method: 'GET', url: '/api/admin/audit/streams' }),
    'GET /api/admin/audit/streams/{stream}/events 400': () =>
      send({ method: 'GET', url: '/api/admin/audit/streams/story-x/events?limit=0', headers: staff.auditor }),
    'GET /api/admin/audit/streams/{stream}/events 401': () =>
      send({ method: 'GET', url: '/api/admin/audit/streams/story-x/events' }),
    'GET /api/admin/audit/events 400': () =>
      send({ method: 'GET', url: '/api/admin/audit/events?from=yesterday', headers: staff.auditor }),
    'GET /api/admin/audit/events 401': () => send({ method: 'GET', url: '/api/admin/audit/events' }),
    'GET /api/admin/audit/events/{position} 400': () =>
      send({ method: 'GET', url: '/api/admin/audit/events/first', headers: staff.auditor }),
    'GET /api/admin/audit/events/{position} 401': () =>
      send({ method: 'GET', url: '/api/admin/audit/events/1' }),
    'GET /api/admin/audit/events/{position} 404': () =>
      send({ method: 'GET', url: '/api/admin/audit/events/999999999', headers: staff.auditor }),
    'GET /api/admin/audit/correlations/{correlationId} 401': () =>
      send({ method: 'GET', url: '/api/admin/audit/correlations/some-request' }),
    'GET /api/admin/users/{email}/history 400': () =>
      send({ method: 'GET', url: `/api/admin/users/${readerEmail}/history?as_of=yesterday`, headers: admin }),
    'GET /api/admin/users/{email}/history 401': () =>
      send({ method: 'GET', url: `/api/admin/users/${readerEmail}/history` }),
    'POST /api/stories/{id}/reports 400': () =>
      send(json('POST', `/api/stories/${premiumId}/reports`, { reason: 'boring', email: 'a@example.com' })),
    'POST /api/stories/{id}/reports 404': () =>
      send(json('POST', `/api/stories/${unknownId}/reports`, { reason: 'other', email: 'a@example.com' })),
    'POST /api/stories/{id}/reports 409': async () => {
      await send(json('POST', `/api/stories/${premiumId}/reports`, { reason: 'other' }, reader));
      return send(json('POST', `/api/stories/${premiumId}/reports`, { reason: 'other' }, reader));
    },
    'POST /api/stories/{id}/reports 429': () =>
      until429(() => json('POST', `/api/stories/${unknownId}/reports`, { reason: 'other' })),
    ...Object.fromEntries(
      (['hide', 'restore', 'delete'] as const).flatMap((action) => {
        const path = `POST /api/admin/stories/{id}/${action}`;
        const url = (id: string) => `/api/admin/stories/${id}/${action}`;
        return [
          [`${path} 400`, () => send(json('POST', url(premiumId), { reason: '' }, admin))],
          [`${path} 401`, () => send(json('POST', url(premiumId), { reason: 'x' }))],
          [`${path} 404`, () => send(json('POST', url(unknownId), { reason: 'x' }, admin))],
          [`${path} 429`, () => until429(() => json('POST', url(unknownId), {}, admin))],
          ...(action === 'delete'
            ? []
            : [
                [
                  `${path} 409`,
                  () =>
                    send(json('POST', url(action === 'hide' ? hiddenId : premiumId), { reason: 'x' }, admin)),
                ],
              ]),
        ];
      }),
    ),
    'POST /api/admin/stories/{id}/rating 400': () =>
      send(json('POST', `/api/admin/stories/${premiumId}/rating`, { rating: 'adult', reason: 'x' }, admin)),
    'POST /api/admin/stories/{id}/rating 401': () =>
      send(json('POST', `/api/admin/stories/${premiumId}/rating`, { rating: 'explicit', reason: 'x' })),
    'POST /api/admin/stories/{id}/rating 404': () =>
      send(
        json('POST', `/api/admin/stories/${unknownId}/rating`, { rating: 'explicit', reason: 'x' }, admin),
      ),
    'POST /api/admin/stories/{id}/rating 409': () =>
      send(json('POST', `/api/admin/stories/${premiumId}/rating`, { rating: 'mature', reason: 'x' }, admin)),
    'POST /api/admin/stories/{id}/rating 429': () =>
      until429(() => json('POST', `/api/admin/stories/${unknownId}/rating`, {}, admin)),
    'POST /api/admin/reports/{id}/dismiss 400': () =>
      send(json('POST', `/api/admin/reports/${premiumId}/dismiss`, {}, admin)),
    'POST /api/admin/reports/{id}/dismiss 401': () =>
      send(json('POST', `/api/admin/reports/${premiumId}/dismiss`, { reason: 'x' })),
    'POST /api/admin/reports/{id}/dismiss 404': () =>
      send(json('POST', `/api/admin/reports/${unknownId}/dismiss`, { reason: 'x' }, admin)),
    'POST /api/admin/reports/{id}/dismiss 409': () =>
      send(json('POST', `/api/admin/reports/${hiddenId}/dismiss`, { reason: 'x' }, admin)),
    'POST /api/admin/reports/{id}/dismiss 429': () =>
      until429(() => json('POST', `/api/admin/reports/${unknownId}/dismiss`, {}, admin)),
    'POST /api/stories/{id}/appeal 400': () =>
      send(json('POST', `/api/stories/${hiddenId}/appeal`, { text: ' ' }, reader)),
    'POST /api/stories/{id}/appeal 401': () =>
      send(json('POST', `/api/stories/${hiddenId}/appeal`, { text: 'x' })),
    'POST /api/stories/{id}/appeal 403': () =>
      send(json('POST', `/api/stories/${hiddenId}/appeal`, { text: 'Mine?' }, reader)),
    'POST /api/stories/{id}/appeal 409': async () => {
      const creator = await createVerifiedUser(system.baseUrl);
      const form = await multipart([await makePng(), await makePng()], ['Mine', 'Too']);
      // A member publishes under a pen name.
      form.append('penName', 'Probe Appealer');
      const published = await send({
        method: 'POST',
        url: '/api/stories',
        headers: { authorization: `Bearer ${creator.token}` },
        payload: form,
      });
      const id = (published.json() as { id: string }).id;
      await send(json('POST', `/api/admin/stories/${id}/hide`, { reason: 'Probe' }, admin));
      const mine = { authorization: `Bearer ${creator.token}` };
      await send(json('POST', `/api/stories/${id}/appeal`, { text: 'Look again' }, mine));
      return send(json('POST', `/api/stories/${id}/appeal`, { text: 'Look again' }, mine));
    },
    'GET /api/stories/{id} 451': () => send({ method: 'GET', url: `/api/stories/${hiddenId}` }),
    'GET /api/stories/{id}/progress 451': () =>
      send({ method: 'GET', url: `/api/stories/${hiddenId}/progress`, headers: reader }),
    'GET /api/me/premium/stories/{id} 451': () =>
      send({ method: 'GET', url: `/api/me/premium/stories/${hiddenId}`, headers: reader }),
    'POST /api/stories 409': async () => {
      const holder = await createVerifiedUser(system.baseUrl);
      await send(
        json(
          'PUT',
          '/api/me/pen-name',
          { penName: 'Probe Held' },
          { authorization: `Bearer ${holder.token}` },
        ),
      );
      const form = await multipart([await makePng(), await makePng()], ['Taken', 'Name']);
      form.append('penName', 'probe held');
      return send({ method: 'POST', url: '/api/stories', headers: reader, payload: form });
    },
    'PUT /api/me/pen-name 400': () => send(json('PUT', '/api/me/pen-name', { penName: 'x' }, reader)),
    'PUT /api/me/pen-name 401': () => send(json('PUT', '/api/me/pen-name', { penName: 'Nobody' })),
    'PUT /api/me/pen-name 409': async () => {
      const holder = await createVerifiedUser(system.baseUrl);
      await send(
        json(
          'PUT',
          '/api/me/pen-name',
          { penName: 'Probe Twice' },
          { authorization: `Bearer ${holder.token}` },
        ),
      );
      return send(json('PUT', '/api/me/pen-name', { penName: 'Probe Twice' }, reader));
    },
    'GET /api/me/pen-name 401': () => send({ method: 'GET', url: '/api/me/pen-name' }),
    'GET /api/creators/{handle} 404': () => send({ method: 'GET', url: '/api/creators/nobody-at-all' }),
    'POST /api/creators/{handle}/follow 400': async () => {
      await send(json('PUT', '/api/me/pen-name', { penName: 'Probe Self' }, reader));
      return send({ method: 'POST', url: '/api/creators/probe-self/follow', headers: reader });
    },
    'POST /api/creators/{handle}/follow 401': () =>
      send({ method: 'POST', url: '/api/creators/probe-self/follow' }),
    'POST /api/creators/{handle}/follow 404': () =>
      send({ method: 'POST', url: '/api/creators/nobody-at-all/follow', headers: reader }),
    'DELETE /api/creators/{handle}/follow 400': async () => {
      await send(json('PUT', '/api/me/pen-name', { penName: 'Probe Self' }, reader));
      return send({ method: 'DELETE', url: '/api/creators/probe-self/follow', headers: reader });
    },
    'DELETE /api/creators/{handle}/follow 401': () =>
      send({ method: 'DELETE', url: '/api/creators/probe-self/follow' }),
    'DELETE /api/creators/{handle}/follow 404': () =>
      send({ method: 'DELETE', url: '/api/creators/nobody-at-all/follow', headers: reader }),
    'GET /api/me/notifications 401': () => send({ method: 'GET', url: '/api/me/notifications' }),
    'POST /api/me/notifications/seen 400': () =>
      send(json('POST', '/api/me/notifications/seen', { through: -1 }, reader)),
    'POST /api/me/notifications/seen 401': () =>
      send(json('POST', '/api/me/notifications/seen', { through: 1 })),
    'PUT /api/me/email-digest 400': () =>
      send(json('PUT', '/api/me/email-digest', { enabled: 'yes' }, reader)),
    'PUT /api/me/email-digest 401': () => send(json('PUT', '/api/me/email-digest', { enabled: true })),
    'GET /api/me/email-digest 401': () => send({ method: 'GET', url: '/api/me/email-digest' }),
    'POST /api/email-digest/unsubscribe 400': () =>
      send({
        method: 'POST',
        url: `/api/email-digest/unsubscribe?token=${'0'.repeat(32)}.${'A'.repeat(43)}`,
      }),
    'GET /api/me/studio 400': () => send({ method: 'GET', url: '/api/me/studio?days=7', headers: reader }),
    'GET /api/me/studio 401': () => send({ method: 'GET', url: '/api/me/studio' }),
    'GET /api/admin/reports 400': () =>
      send({ method: 'GET', url: '/api/admin/reports?limit=101', headers: admin }),
    'GET /api/admin/reports 401': () => send({ method: 'GET', url: '/api/admin/reports' }),
    'GET /api/admin/stories/{id}/moderation 401': () =>
      send({ method: 'GET', url: `/api/admin/stories/${premiumId}/moderation` }),
    'GET /api/admin/users/{email}/history 404': () =>
      send({ method: 'GET', url: `/api/admin/users/${unknownEmail}/history`, headers: admin }),
    ...draftProbes,
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

/**
 * The statuses every route shares (components.responses), each produced on a route that does
 * not otherwise give it: the document lists them on every operation they apply to, and these
 * show that the product answers them there. The database outage's 503 is produced by
 * infra/src/system/postgres-outage.int.test.ts, which stops a PostgreSQL of its own.
 */
describe('the shared statuses are answered where the document attaches them', () => {
  let clients = 0;
  const send = (request: InjectOptions) => {
    clients += 1;
    const client = `10.31.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
    return system.app.inject({ ...request, headers: { ...request.headers, 'x-forwarded-for': client } });
  };
  const attached = (
    method: string,
    path: string,
    status: string,
    component: keyof typeof sharedResponses,
  ) => {
    const response = document.paths[path]?.[method]?.responses[status];
    expect(response, `${method} ${path} ${status}`).toBeDefined();
    if (response?.$ref) expect(response.$ref).toBe(`#/components/responses/${component}`);
    else expect(response?.description).toContain(sharedResponses[component].description);
  };

  it('a wrong X-Admin-Code: 401 on a public route (signup, site), then 429 from the same client', async () => {
    attached('post', '/api/auth/signup', '401', 'AdminCodeRefused');
    attached('get', '/api/site', '401', 'AdminCodeRefused');
    attached('get', '/api/tags', '429', 'TooManyRequests');
    const wrong = { 'x-admin-code': 'not-the-password', 'x-forwarded-for': '10.31.255.1' };
    const signup = await system.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: wrong,
      payload: {},
    });
    expect(signup.statusCode).toBe(401);
    let site = await system.app.inject({ method: 'GET', url: '/api/site', headers: wrong });
    for (let i = 0; i < 150 && site.statusCode !== 429; i++)
      site = await system.app.inject({ method: 'GET', url: '/api/tags', headers: wrong });
    expect(site.statusCode).toBe(429);
    expect(site.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('a bad X-Min-Position on a query: 400, and beyond the log with X-Event-Log-Head', async () => {
    attached('get', '/api/tags', '400', 'BadMinPosition');
    attached('head', '/api/site', '400', 'BadMinPosition');
    const notANumber = await send({ method: 'GET', url: '/api/tags', headers: { 'x-min-position': 'abc' } });
    expect(notANumber.statusCode).toBe(400);
    const beyond = await send({
      method: 'GET',
      url: '/api/site',
      headers: { 'x-min-position': '999999999' },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.headers['x-event-log-head']).toMatch(/^\d+$/);
  });

  it('malformed JSON on like, view and saved (which take no body): 400', async () => {
    for (const [method, path] of [
      ['post', '/api/stories/{id}/like'],
      ['post', '/api/stories/{id}/view'],
      ['put', '/api/stories/{id}/saved'],
    ] as const) {
      attached(method, path, '400', 'MalformedBody');
      const response = await send({
        method: method.toUpperCase() as 'POST',
        url: path.replace('{id}', 'no-such-story'),
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(response.statusCode, `${method} ${path}`).toBe(400);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
  });

  it('a body too large: 413 (login, discount check)', async () => {
    for (const path of ['/api/auth/login', '/api/discounts/check']) {
      attached('post', path, '413', 'PayloadTooLarge');
      const response = await send({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
      });
      expect(response.statusCode, path).toBe(413);
    }
  });

  it('a media type the route does not take: 415', async () => {
    attached('post', '/api/discounts/check', '415', 'UnsupportedMediaType');
    const response = await send({
      method: 'POST',
      url: '/api/discounts/check',
      headers: { 'content-type': 'application/xml' },
      payload: '<code>x</code>',
    });
    expect(response.statusCode).toBe(415);
  });

  it('an upload whose bytes are no accepted image is the 415 the document describes (not its 400)', async () => {
    const form = new FormData();
    const notAnImage = new Blob([new TextEncoder().encode('plain words, not a picture')], {
      type: 'image/png',
    });
    const png = await makePng();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'one.png');
    form.append('images', notAnImage, 'two.png');
    form.append('texts', 'One');
    form.append('texts', 'Two');
    const validate = await send({
      method: 'POST',
      url: '/api/admin/validate',
      headers: { 'x-admin-code': system.config.adminPassword },
    });
    const admin = (validate.json() as { token: string }).token;
    const response = await send({
      method: 'POST',
      url: '/api/stories',
      headers: { 'x-admin-code': admin },
      payload: form,
    });
    expect(response.statusCode, response.body).toBe(415);
    const documented = document.paths['/api/stories']!.post!.responses['415']!;
    expect(documented.description).toMatch(/not a JPEG, PNG, WebP, GIF or AVIF file/);
    expect(document.paths['/api/stories']!.post!.responses['400']!.description).not.toMatch(/cannot be read/);
  });
});
