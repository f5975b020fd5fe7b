import { ADMIN_ROLES, type AdminRole, adminRoutePermissions, permissionKey } from '@nocturne/domain';
import { adminToken, createVerifiedUser, publishStory } from '@nocturne/test-kit/api-client';
import { type ApiStaff, createStaffMember, logInStaff, totpCode } from '@nocturne/test-kit/staff-api-client';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../openapi/openapi-route';
import { startTestSystem, type TestSystem } from '../system/test-system';

/**
 * The permission matrix: every admin-authenticated route of the OpenAPI document (and every
 * route of the permission table) against the owner, an admin, a moderator, an auditor, a removed
 * staff member and a reader. A role the table leaves out gets a 403 with a `detail` and the event
 * log's head does not move; a role it lets in is never refused for its role; a removed member's
 * session is a 401 everywhere; a reader (no X-Admin-Code) gets a 401 from every admin-only route.
 */
interface Operation {
  security?: Record<string, unknown>[];
}
let system: TestSystem;
let adminOnly: Set<string>;
let documented: Set<string>;
const callers: Record<string, Record<string, string>> = {};
const members: Partial<Record<'admin' | 'moderator' | 'auditor', ApiStaff>> = {};
let ownerToken: string;
/** Each caller from an address of its own (TRUST_PROXY=loopback in tests): own rate limits. */
const addressOf: Record<string, string> = {
  owner: '10.27.0.1',
  admin: '10.27.0.2',
  moderator: '10.27.0.3',
  auditor: '10.27.0.4',
  removed: '10.27.0.5',
  reader: '10.27.0.6',
};

/** `/api/admin/users/{email}` as the servers write it: `/api/admin/users/:email`. */
const routePath = (openApiPath: string) => openApiPath.replace(/\{([A-Za-z_]+)\}/g, ':$1');

beforeAll(async () => {
  system = await startTestSystem();
  const document = (await (await fetch(`${system.baseUrl}${OPENAPI_PATH}`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: permissionKey(method.toUpperCase(), routePath(path)),
      op,
    })),
  );
  documented = new Set(operations.map((o) => o.key));
  adminOnly = new Set(
    operations
      .filter(({ op }) => op.security?.some((s) => 'admin' in s) && !op.security.some((s) => 'user' in s))
      .map((o) => o.key),
  );
  const owner = await adminToken(system.baseUrl, system.config.adminPassword);
  ownerToken = owner;
  callers.owner = { 'x-admin-code': owner };
  for (const role of ['admin', 'moderator', 'auditor'] as const) {
    members[role] = await createStaffMember(system.baseUrl, owner, role);
    callers[role] = { 'x-admin-code': members[role].token };
  }
  const removed = await createStaffMember(system.baseUrl, owner, 'moderator');
  const removal = await fetch(`${system.baseUrl}/api/admin/staff/${removed.staffId}`, {
    method: 'DELETE',
    headers: { 'X-Admin-Code': owner },
  });
  expect(removal.status).toBe(200);
  callers.removed = { 'x-admin-code': removed.token };
  callers.reader = { authorization: `Bearer ${(await createVerifiedUser(system.baseUrl)).token}` };
  await system.settle();
}, 120_000);
afterAll(async () => {
  await system?.stop();
});

/** Every route X-Admin-Code opens or widens: the document's admin-authenticated ones and the table's. */
const adminRoutes = () =>
  [
    ...new Set([
      ...[...documented].filter((key) => adminOnly.has(key) || key in adminRoutePermissions),
      ...Object.keys(adminRoutePermissions),
    ]),
  ]
    // The logout ends the caller's session: it goes last.
    .sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')) || a.localeCompare(b));

const params: Record<string, string> = {
  email: encodeURIComponent('nobody-here@example.com'),
  id: 'no-such-story',
  tag: 'no-such-tag',
  staffId: '0'.repeat(32),
};

function requestFor(key: string, headers: Record<string, string>, client: string): InjectOptions {
  const [method, path] = key.split(' ') as [InjectOptions['method'], string];
  const url = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? 'x');
  const withBody = method === 'POST' || method === 'PUT';
  return {
    method,
    url: url === '/api/search' ? `${url}?q=fog` : url,
    headers: {
      ...headers,
      'x-forwarded-for': client,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: '{}' } : {}),
  };
}

describe('the permission table', () => {
  it('names every admin-authenticated route of the OpenAPI document, and only routes that exist', () => {
    expect(adminOnly.size).toBeGreaterThan(10);
    expect([...adminOnly].filter((key) => !(key in adminRoutePermissions))).toEqual([]);
    expect(Object.keys(adminRoutePermissions).filter((key) => !documented.has(key))).toEqual([]);
  });

  it('lets the owner call every route', () => {
    for (const roles of Object.values(adminRoutePermissions)) expect(roles).toContain('owner');
  });
});

describe('every admin route against every kind of caller', () => {
  // Resetting every second factor ends every staff session: the owner asks it last, and the
  // members are made anew after it (their old factors no longer sign them in).
  const RESET_ALL = 'POST /api/admin/staff/second-factor/reset';
  const callersOf = (key: string) => {
    const all = Object.keys(addressOf);
    return key === RESET_ALL ? [...all.filter((c) => c !== 'owner'), 'owner'] : all;
  };
  const cases = () => adminRoutes().flatMap((key) => callersOf(key).map((caller) => ({ key, caller })));
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await system.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf.owner!, ...headers },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, `${path}: ${response.body.slice(0, 120)}`).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  /** Each member enrols a new authenticator through a reset's link, and signs in again. */
  const staffAnew = async () => {
    for (const role of ['admin', 'moderator', 'auditor'] as const) {
      const member = members[role]!;
      const reset = await post(
        `/api/admin/staff/${member.staffId}/second-factor/reset`,
        {},
        {
          'x-admin-code': ownerToken,
        },
      );
      const token = reset.invitation_token as string;
      const opened = await post('/api/staff/invitation', { token });
      const totpSecret = opened.totp_secret as string;
      const enrolled = await post('/api/staff/invitation/second-factor', {
        token,
        code: await totpCode(totpSecret),
      });
      const renewed = { ...member, totpSecret, recoveryCodes: enrolled.recovery_codes as string[] };
      members[role] = { ...renewed, token: await logInStaff(system.baseUrl, renewed) };
      callers[role] = { 'x-admin-code': members[role].token };
    }
  };

  it('answers each exactly as the table says, and a refused call appends nothing', async () => {
    const failures: string[] = [];
    let checked = 0;
    let removedCalls = 0;
    for (const { key, caller } of cases()) {
      // A dead session counts as a wrong code toward its client's failure budget (a 429 after
      // five): the removed member asks from a new address each time.
      const client = caller === 'removed' ? `10.28.0.${++removedCalls}` : addressOf[caller]!;
      const headBefore = await system.infra.store.headPosition();
      const response = await system.app.inject(requestFor(key, callers[caller]!, client));
      const headAfter = await system.infra.store.headPosition();
      if (key === RESET_ALL && caller === 'owner') await staffAnew();
      const status = response.statusCode;
      const where = `${key} as ${caller}: ${status} ${response.body.slice(0, 120)}`;
      checked += 1;
      if (status >= 500) failures.push(`${where} (a 5xx)`);
      const allowed = adminRoutePermissions[key];
      let expected: 'allowed' | 401 | 403;
      if (caller === 'removed') expected = 401;
      else if (caller === 'reader') expected = adminOnly.has(key) ? 401 : 'allowed';
      else expected = allowed?.includes(caller as AdminRole) ? 'allowed' : 403;

      if (expected === 'allowed') {
        // Allowed by role: the route itself decides (a 404 for the unknown ids, a 400 for the
        // empty body); never a refusal for who is asking.
        if (status === 401 || status === 403) failures.push(`${where} (expected allowed)`);
        continue;
      }
      if (status !== expected) failures.push(`${where} (expected ${expected})`);
      if (headAfter !== headBefore) failures.push(`${where} (appended: ${headBefore} -> ${headAfter})`);
      if (!(response.json() as { detail?: unknown }).detail) failures.push(`${where} (no detail)`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(adminRoutes().length * Object.keys(addressOf).length);
  }, 120_000);

  it('covers each role of the table', () => {
    for (const role of ADMIN_ROLES) expect(callers[role], role).toBeDefined();
  });
});

describe("the auditor's console", () => {
  let auditorHeaders: Record<string, string>;
  beforeAll(async () => {
    // The matrix ended every caller's session with its logout.
    auditorHeaders = { 'x-admin-code': await logInStaff(system.baseUrl, members.auditor!) };
  });

  it('opens every audit route to the auditor, and every write route refuses the auditor', async () => {
    const audit = Object.keys(adminRoutePermissions).filter((key) => key.startsWith('GET /api/admin/audit/'));
    expect(audit.length).toBeGreaterThanOrEqual(6);
    for (const key of audit) {
      const response = await system.app.inject(requestFor(key, auditorHeaders, addressOf.auditor!));
      expect(response.statusCode, `${key}: ${response.body.slice(0, 120)}`).toBeLessThan(500);
      expect([401, 403], key).not.toContain(response.statusCode);
    }
    // Every route that is not a read, but the sign-in and sign-out of the auditor's own session.
    const writes = adminRoutes().filter(
      (key) =>
        !key.startsWith('GET ') && !key.startsWith('HEAD ') && !/\/api\/admin\/(validate|logout)$/.test(key),
    );
    expect(writes.length).toBeGreaterThan(10);
    // The only ones the auditor may call start a check that reads and compares (its progress is
    // no event): a route that changes something, granted to the auditor, fails here.
    const auditorMay = (key: string) =>
      (adminRoutePermissions[key as keyof typeof adminRoutePermissions] as readonly string[]).includes(
        'auditor',
      );
    expect(writes.filter(auditorMay)).toEqual(['POST /api/admin/integrity/:kind']);
    for (const key of writes) {
      const head = await system.infra.store.headPosition();
      const response = await system.app.inject(requestFor(key, auditorHeaders, addressOf.auditor!));
      if (!auditorMay(key)) expect(response.statusCode, `${key}: ${response.body.slice(0, 120)}`).toBe(403);
      expect(await system.infra.store.headPosition(), key).toBe(head);
    }
  });
});

describe("a staff member's events and role", () => {
  // The matrix ended every caller's session with its logout: fresh sessions for these.
  beforeAll(async () => {
    ownerToken = await adminToken(system.baseUrl, system.config.adminPassword);
    for (const member of [members.moderator!, members.auditor!])
      member.token = await logInStaff(system.baseUrl, member);
  });

  it('name the member and the session in the metadata of every event they cause', async () => {
    const moderator = members.moderator!;
    const { id } = await publishStory(system.baseUrl, ownerToken, { texts: ['One', 'Two'] });
    const deleted = await system.app.inject({
      method: 'POST',
      url: `/api/admin/stories/${id}/delete`,
      headers: {
        'x-admin-code': moderator.token,
        'x-forwarded-for': '10.29.0.1',
        'content-type': 'application/json',
      },
      payload: { reason: 'A duplicate of another story' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const story = await system.infra.store.readStream(`story-${id}`);
    const actor = story.at(-1)!.metadata as { actor: Record<string, unknown> };
    expect(story.at(-1)!.type).toBe('StoryDeleted');
    expect(actor.actor).toEqual({
      kind: 'admin',
      session: expect.any(String),
      ip: '10.29.0.1',
      staffId: moderator.staffId,
    });
    // The session is the one the member's login opened (and recorded).
    const logins = (await system.infra.store.readStream(`staff-${moderator.staffId}`)).filter(
      (e) => e.type === 'StaffLoggedIn',
    );
    const sessions = logins.map((e) => (e.metadata as { actor: { session: string } }).actor.session);
    expect(sessions).toContain(actor.actor.session);
  });

  it("takes a role change at the member's next request", async () => {
    const auditor = members.auditor!;
    const read = () =>
      system.app.inject({
        method: 'GET',
        url: '/api/stories',
        headers: { 'x-admin-code': auditor.token, 'x-forwarded-for': '10.29.0.2' },
      });
    expect((await read()).statusCode).toBe(403);
    const changed = await system.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${auditor.staffId}/role`,
      headers: { 'x-admin-code': ownerToken, 'content-type': 'application/json' },
      payload: { role: 'moderator' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read()).statusCode).toBe(200);
  });
});
