import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { afterAll, expect, it } from 'vitest';
import { type OwnPostgres, startOwnPostgres } from '../test-env/own-postgres';
import { TEST_ADMIN_PASSWORD, testConfig } from '../test-env/test-config';
import { type RunningSystem, startSystem } from './start-system';

/**
 * A database that stops answering without closing its connections (its processes frozen with
 * SIGSTOP: a stalled disk, a paused VM) made every request that needed it hang for as long as
 * the stall lasted: the pools had no connect or statement timeout. Now each such request is a
 * 503 with Retry-After within 5 s, and the product recovers by itself once the database runs
 * again.
 */
let database: OwnPostgres | undefined;
let system: RunningSystem | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await database?.resume();
  await system?.stop().catch(() => {});
  await database?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Timed {
  status: number;
  retryAfter: string | null;
  ms: number;
}

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    await response.arrayBuffer();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ms: Date.now() - started,
    };
  } catch {
    return { status: 0, retryAfter: null, ms: Date.now() - started };
  }
}

it('answers 503 with Retry-After within 5 s while PostgreSQL is stalled (SIGSTOP), and recovers by itself after SIGCONT', async () => {
  database = await startOwnPostgres('stall');
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-stall-data-'));
  const config = testConfig({ databaseUrl: database.url, natsUrl: undefined, dataDir });
  system = await startSystem(config, { log: () => {}, logError: () => {}, host: '127.0.0.1' });
  const base = system.address;
  const story = storyPublished();
  await given(system.infra.store, streams.story(story.data.storyId), [story], 'no_stream');
  await system.projector.catchUp();

  const like = () => timed(`${base}/api/stories/${story.data.storyId}/like`, { method: 'POST' });
  let n = 0;
  const signup = () =>
    timed(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.0.${++n}` },
      body: JSON.stringify({
        email: `stall-${n}@example.test`,
        password: 'stall-pass-1',
        age_confirmed: true,
      }),
    });
  const adminRead = () =>
    timed(`${base}/api/admin/users`, { headers: { 'X-Admin-Code': TEST_ADMIN_PASSWORD } });
  expect((await like()).status).toBe(200);
  expect((await adminRead()).status).toBe(200);

  await database.stall();
  const stalled = await Promise.all([like(), like(), signup(), adminRead()]);
  // A second round, once the pools' connections are all busy with the first.
  stalled.push(...(await Promise.all([like(), adminRead()])));
  for (const answer of stalled) {
    expect(answer, JSON.stringify(stalled)).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    expect(answer.ms, JSON.stringify(stalled)).toBeLessThan(5_000);
  }

  await database.resume();
  const resumedAt = Date.now();
  let recovered = false;
  while (!recovered && Date.now() - resumedAt < 15_000) {
    const [a, b, c] = await Promise.all([like(), signup(), adminRead()]);
    recovered = a.status === 200 && b.status === 200 && c.status === 200;
    if (!recovered) await sleep(200);
  }
  expect(recovered).toBe(true);
  console.log(
    `[stall] answers while stalled: ${JSON.stringify(stalled)}; recovered in ${Date.now() - resumedAt} ms`,
  );
}, 120_000);
