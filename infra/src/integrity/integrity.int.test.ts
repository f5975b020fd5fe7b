import type { IntegrityCheckView } from '@nocturne/domain';
import { adminToken, createVerifiedUser, publishStory } from '@nocturne/test-kit/api-client';
import { createStaffMember } from '@nocturne/test-kit/staff-api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIntegrityCli } from '../cli/integrity-cli';
import { startTestSystem, type TestSystem } from '../system/test-system';

/**
 * The auditor's integrity checks on the whole product: the log's chain through an erasure, the
 * read models against their rebuild (and a row changed behind the projector's back), and the
 * routes that start and poll them, open to the auditor and closed to a moderator.
 */
let system: TestSystem;
let sql: pg.Client;
let owner: string;
let auditor: string;
let moderator: string;
let storyId: string;

beforeAll(async () => {
  system = await startTestSystem();
  sql = new pg.Client({ connectionString: system.config.databaseUrl });
  await sql.connect();
  owner = await adminToken(system.baseUrl, system.config.adminPassword);
  auditor = (await createStaffMember(system.baseUrl, owner, 'auditor')).token;
  moderator = (await createStaffMember(system.baseUrl, owner, 'moderator')).token;
  storyId = (await publishStory(system.baseUrl, owner, { texts: ['First slide', 'Second slide'] })).id;
  await createVerifiedUser(system.baseUrl);
  await system.settle();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await system?.stop();
});

async function cli(kind: 'log' | 'read-models', args: string[] = []) {
  let out = '';
  let err = '';
  const code = await runIntegrityCli(kind, args, system.config, {
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return { code, out, err };
}

const head = async () =>
  Number((await sql.query<{ head: string }>('select max(position) as head from es_events')).rows[0]!.head);

describe('npm run verify-log', () => {
  it('says the log is intact through its head, and still is after an account is erased', async () => {
    const before = await cli('log');
    expect(before.code).toBe(0);
    expect(before.out).toMatch(
      new RegExp(`^Intact through position ${await head()}\\. Head hash: [0-9a-f]{64}\\n$`),
    );

    const user = await createVerifiedUser(system.baseUrl);
    const erased = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(user.email)}`, {
      method: 'DELETE',
      headers: { 'X-Admin-Code': owner },
    });
    expect(erased.status).toBe(200);
    // Erasure destroyed the account's key, not its events: the sealed address no longer opens.
    const { rows } = await sql.query<{ email: string }>(
      `select r.data->>'email' as email from es_events d
       join es_events r on r.stream_name = d.stream_name and r.type = 'UserRegistered'
       where d.type = 'UserDeleted'`,
    );
    expect(rows).toHaveLength(1);
    expect(await system.infra.vault.decrypt(rows[0]!.email)).toBeNull();

    const after = await cli('log');
    expect(after.code).toBe(0);
    expect(after.out).toContain(`Intact through position ${await head()}.`);
  });

  it('names the first altered position and exits 1; checks a noted hash', async () => {
    const intact = await cli('log', ['--json']);
    const noted = JSON.parse(intact.out) as { position: number; head_hash: string };
    expect(await cli('log', ['--noted', `${noted.position}:${noted.head_hash}`])).toMatchObject({ code: 0 });
    expect(await cli('log', ['--noted', `${noted.position}:${'0'.repeat(64)}`])).toMatchObject({ code: 1 });
    expect(await cli('log', ['--noted', 'nonsense'])).toMatchObject({ code: 2 });

    const { rows } = await sql.query<{ data: unknown }>('select data from es_events where position = 3');
    await sql.query(`update es_events set data = data || '{"forged": true}' where position = 3`);
    try {
      const broken = await cli('log');
      expect(broken.code).toBe(1);
      expect(broken.out).toContain('Not intact at position 3');
    } finally {
      await sql.query('update es_events set data = $1 where position = 3', [JSON.stringify(rows[0]!.data)]);
    }
  });
});

describe('npm run verify-read-models', () => {
  it('reports equal through the live position, then each difference of a row changed with SQL', async () => {
    await system.settle();
    const equal = await cli('read-models');
    expect(equal.err).not.toContain('failed');
    expect(equal.out).toBe(`Equal through position ${await head()}.\n`);

    const { rows } = await sql.query<{ likes: number }>(
      'select likes from read_model.stories where id = $1',
      [storyId],
    );
    const likes = rows[0]!.likes;
    await sql.query('update read_model.stories set likes = likes + 7 where id = $1', [storyId]);
    try {
      const different = await cli('read-models', ['--json']);
      expect(different.code).toBe(1);
      const outcome = JSON.parse(different.out) as { ok: boolean; differences: unknown[] };
      expect(outcome.ok).toBe(false);
      expect(outcome.differences).toEqual([
        {
          table: 'stories',
          key: JSON.stringify([storyId]),
          column: 'likes',
          live: String(likes + 7),
          rebuilt: String(likes),
        },
      ]);
    } finally {
      await sql.query('update read_model.stories set likes = $2 where id = $1', [storyId, likes]);
    }
    // The shadow schema is gone afterwards.
    const { rows: schemas } = await sql.query(
      `select 1 from pg_namespace where nspname = 'read_model_verify'`,
    );
    expect(schemas).toEqual([]);
  });
});

describe('the integrity routes', () => {
  const call = (method: 'GET' | 'POST', kind: string, token: string) =>
    fetch(`${system.baseUrl}/api/admin/integrity/${kind}`, { method, headers: { 'X-Admin-Code': token } });

  async function runToTheEnd(kind: string, token: string): Promise<IntegrityCheckView> {
    const started = await call('POST', kind, token);
    expect(started.status).toBe(202);
    expect(((await started.json()) as IntegrityCheckView).state).toBe('running');
    for (let i = 0; i < 300; i++) {
      const polled = await call('GET', kind, token);
      expect(polled.status).toBe(200);
      const view = (await polled.json()) as IntegrityCheckView;
      if (view.state !== 'running') return view;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the check did not finish');
  }

  it('lets the auditor run both checks and read their outcome', async () => {
    await system.settle();
    const log = await runToTheEnd('log', auditor);
    expect(log).toMatchObject({ state: 'done', outcome: { ok: true, position: await head() } });
    expect(log.outcome?.head_hash).toMatch(/^[0-9a-f]{64}$/);
    const models = await runToTheEnd('read-models', auditor);
    expect(models).toMatchObject({ state: 'done', outcome: { ok: true, differences: [] } });
  });

  it('refuses a moderator (403) and an unknown check (400)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const refused = await call(method, 'log', moderator);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        'Your role does not allow this action.',
      );
      expect((await call(method, 'everything', auditor)).status).toBe(400);
    }
  });
});
