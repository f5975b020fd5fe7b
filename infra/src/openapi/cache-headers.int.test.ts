import { adminToken, createVerifiedUser, publishStory, setPremium } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../system/test-system';
import { OPENAPI_PATH } from './openapi-route';

/**
 * Every GET route of the OpenAPI document, asked by a visitor, a member, a premium member and the
 * admin: every answer says who may keep it. One a shared cache may keep (neither `private` nor
 * `no-store`) must be the one a visitor gets (nothing personal, nothing for staff only); any
 * other is `no-store`, or `private` with a `Vary` on the credentials that made it.
 */
let system: TestSystem;
let paths: string[];
/** The other routes: `METHOD path`. */
let commands: [string, string][];
const roles: Record<string, Record<string, string>> = {};
const params: Record<string, string> = {};

beforeAll(async () => {
  system = await startTestSystem();
  const base = system.baseUrl;
  const admin = await adminToken(base, TEST_ADMIN_PASSWORD);
  const member = await createVerifiedUser(base, { prefix: 'member' });
  const premiumMember = await createVerifiedUser(base, { prefix: 'premium' });
  await setPremium(base, admin, premiumMember.email, true);
  const free = await publishStory(base, admin, { texts: ['A free story.', 'Its end.'] });
  const premium = await publishStory(base, admin, {
    texts: ['A premium story.', 'Its end.'],
    isPremium: true,
  });
  await system.settle();
  const story = (await (await fetch(`${base}/api/stories/${free.id}`)).json()) as {
    slides?: { image?: string }[];
    images?: string[];
  };
  const image = JSON.stringify(story).match(/\/api\/images\/([^"?]+)/)?.[1];
  Object.assign(params, {
    id: premium.id,
    email: encodeURIComponent(premiumMember.email),
    name: image ?? 'none.webp',
  });
  Object.assign(roles, {
    visitor: {},
    member: { Authorization: `Bearer ${member.token}` },
    premiumMember: { Authorization: `Bearer ${premiumMember.token}` },
    admin: { 'X-Admin-Code': admin },
  });
  const document = (await (await fetch(`${base}${OPENAPI_PATH}`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  commands = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => method !== 'get' && method !== 'head')
      .map((method): [string, string] => [method.toUpperCase(), path]),
  );
  paths = Object.entries(document.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([path]) => path);
  // The free story too: the document names one path for both.
  paths.push(`/api/stories/${free.id}`);
}, 120_000);
afterAll(async () => {
  await system?.stop();
});

const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name);

async function ask(path: string, headers: Record<string, string>) {
  const response = await fetch(`${system.baseUrl}${concrete(path)}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control') ?? '',
    vary: (response.headers.get('vary') ?? '').toLowerCase(),
    body,
  };
}

describe('cache headers of every GET route (was: admin answers with no Cache-Control)', () => {
  it('are no-store or private with Vary, unless the answer is the visitor’s', async () => {
    expect(paths.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const path of paths) {
      const visitor = await ask(path, {});
      for (const [role, headers] of Object.entries(roles)) {
        const answer = await ask(path, headers);
        const where = `${role} GET ${path} ${answer.status} (${answer.cacheControl || 'no Cache-Control'})`;
        if (answer.cacheControl === '') {
          problems.push(`${where}: a cache may keep it as it likes`);
          continue;
        }
        if (/\bno-store\b/.test(answer.cacheControl)) continue;
        if (!/\bprivate\b/.test(answer.cacheControl)) {
          // Any cache may keep it: it must be what anyone gets.
          if (!answer.body.equals(visitor.body))
            problems.push(`${where}: shared, yet not the visitor's answer`);
          continue;
        }
        for (const credential of Object.keys(headers)) {
          if (!answer.vary.includes(credential.toLowerCase()))
            problems.push(`${where}: no Vary on ${credential}`);
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it("of every other route are no-store (a command answer is the asker's)", async () => {
    expect(commands.length).toBeGreaterThan(15);
    const problems: string[] = [];
    // Nothing that exists, so that no command changes what the other roles are: refusals.
    const nowhere = (path: string) =>
      path.replace(/\{email\}/g, 'nobody%40example.test').replace(/\{(\w+)\}/g, 'none');
    for (const [method, path] of commands) {
      for (const [role, headers] of Object.entries(roles)) {
        const response = await fetch(`${system.baseUrl}${nowhere(path)}`, { method, headers });
        await response.arrayBuffer();
        const cacheControl = response.headers.get('cache-control') ?? '';
        if (!/\bno-store\b/.test(cacheControl))
          problems.push(
            `${role} ${method} ${path} ${response.status} (${cacheControl || 'no Cache-Control'})`,
          );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);
});
