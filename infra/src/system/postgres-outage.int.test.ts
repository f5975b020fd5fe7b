import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { userKeyOfAddress } from '@nocturne/vault';
import { afterAll, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../launcher/embedded-postgres';
import { TEST_ADMIN_PASSWORD, testConfig } from '../test-env/test-config';
import { type RunningSystem, startSystem } from './start-system';

/**
 * PostgreSQL restarts under a load of likes and signups. The test runs its
 * own embedded PostgreSQL (never the shared one: it stops it), starts the whole product on it
 * in one process with the PostgreSQL notifier (no NATS, so the wake-ups go down too), reads
 * a story beside the writes, and checks that
 * - every answer is a 2xx, or a 503 with Retry-After and a detail: never a 500, never a
 *   dropped connection (the process survives: an unhandled 'error' would also fail the run);
 * - the service resumes by itself once the database is back;
 * - every acknowledged like and signup is in the log and in the read models.
 */

interface Answer {
  kind: 'like' | 'signup' | 'read';
  status: number;
  retryAfter: string | null;
  detail: unknown;
  position: number | null;
  email?: string;
  at: number;
}

let dataDir: string | undefined;
let database: EmbeddedDatabase | undefined;
let system: RunningSystem | undefined;

afterAll(async () => {
  await system?.stop().catch(() => {});
  await database?.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('answers 503 + Retry-After during a PostgreSQL restart under load, resumes by itself and loses nothing acknowledged', async () => {
  const log = () => {};
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-outage-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as "postgres" and must enter it
  database = await startEmbeddedPostgres(dataDir, log);
  const config = testConfig({ databaseUrl: database.url, natsUrl: undefined, dataDir });
  system = await startSystem(config, { log, host: '127.0.0.1' });
  const base = system.address;
  const story = storyPublished();
  await given(system.infra.store, streams.story(story.data.storyId), [story], 'no_stream');
  await system.projector.catchUp(); // the reads start at once: the story must be in the read model

  const answers: Answer[] = [];
  const failures: string[] = [];
  let running = true;
  let serial = 0;

  let highest = 0;
  async function send(kind: Answer['kind']): Promise<void> {
    const n = serial++;
    const email = `outage-${n}@example.test`;
    const init: RequestInit =
      kind === 'read'
        ? // A read after the client's own writes (X-Min-Position), as the SPA sends it: it must
          // reach the read models. (Without it, a free story is answered from query-api's memory,
          // which stays up through an outage.)
          { method: 'GET', headers: highest > 0 ? { 'X-Min-Position': String(highest) } : {} }
        : kind === 'like'
          ? { method: 'POST' }
          : {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                // One client address per signup: the per-address signup limit is not under test.
                'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({ email, password: 'outage-pass-1', age_confirmed: true }),
            };
    const path =
      kind === 'read'
        ? `/api/stories/${story.data.storyId}`
        : kind === 'like'
          ? `/api/stories/${story.data.storyId}/like`
          : '/api/auth/signup';
    try {
      const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
      const text = await response.text();
      let detail: unknown = text;
      try {
        detail = (JSON.parse(text) as { detail?: unknown }).detail;
      } catch {}
      const position = response.headers.get('x-event-position');
      if (position && Number(position) > highest) highest = Number(position);
      answers.push({
        kind,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        detail,
        position: position ? Number(position) : null,
        at: Date.now(),
        ...(kind === 'signup' ? { email } : {}),
      });
    } catch (error) {
      failures.push(`${kind}: ${(error as Error).message}`);
    }
  }

  const workers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; running; i++) {
      // Writes mostly, and reads (query-api) beside them.
      await send(w === 0 && i % 2 === 0 ? 'signup' : w === 1 && i % 3 === 0 ? 'read' : 'like');
      await sleep(10);
    }
  });

  await sleep(1500);
  const stoppedAt = Date.now();
  await database.stop();
  await sleep(2500);
  database = await startEmbeddedPostgres(dataDir, log);
  const restartedAt = Date.now();
  // Service resumes by itself: a like and a signup succeed again within a bounded time.
  const resumed = async () =>
    ['like', 'signup', 'read'].every((kind) =>
      answers.some((a) => a.kind === kind && a.at > restartedAt && a.status === 200),
    );
  for (let i = 0; i < 150 && !(await resumed()); i++) await sleep(100);
  expect(await resumed()).toBe(true);
  await sleep(500);
  running = false;
  await Promise.all(workers);

  expect(failures).toEqual([]);
  const statuses = new Map<number, number>();
  for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  console.log(`[outage] ${answers.length} requests: ${JSON.stringify(Object.fromEntries(statuses))}`);
  for (const a of answers) {
    if (a.status === 200) continue;
    expect(a.status, `${a.kind}: ${JSON.stringify(a.detail)}`).toBe(503);
    expect(a.retryAfter).toMatch(/^\d+$/);
    expect(a.detail).toEqual(expect.stringMatching(/try again/));
  }
  // The outage was really met, by writes and reads, and work was acknowledged before and after it.
  for (const kind of ['like', 'signup', 'read']) {
    expect(
      answers.some((a) => a.kind === kind && a.status === 503 && a.at > stoppedAt),
      kind,
    ).toBe(true);
  }
  const acknowledged = answers.filter((a) => a.status === 200);
  expect(acknowledged.some((a) => a.at < stoppedAt)).toBe(true);
  expect(acknowledged.some((a) => a.at > restartedAt)).toBe(true);

  // Every acknowledged event is in the log ...
  const store = system.infra.store;
  const likes = await store.readStream(streams.storyLikes(story.data.storyId));
  const likePositions = new Set(likes.map((e) => e.position));
  const acknowledgedLikes = acknowledged.filter((a) => a.kind === 'like');
  for (const like of acknowledgedLikes) expect(likePositions.has(like.position!)).toBe(true);
  const signups = acknowledged.filter((a) => a.kind === 'signup');
  expect(signups.length).toBeGreaterThan(0);
  for (const signup of signups) {
    const { userKey } = await userKeyOfAddress(system.infra.vault, signup.email!);
    const events = await store.readStream(streams.user(userKey));
    expect(events.map((e) => e.type)).toContain('UserRegistered');
  }

  // ... and in the read models, once the projector (which kept running) has caught up.
  // The story answer comes from query-api's in-memory list, which follows the projector a
  // moment later: the position asked for is the one the projector reached.
  const projected = await system.projector.catchUp();
  const read = (await (
    await fetch(`${base}/api/stories/${story.data.storyId}`, {
      headers: { 'X-Min-Position': String(projected) },
    })
  ).json()) as { likes: number };
  expect(read.likes).toBe(likes.length);
  expect(read.likes).toBeGreaterThanOrEqual(acknowledgedLikes.length);
  const users = (await (
    await fetch(`${base}/api/admin/users`, { headers: { 'X-Admin-Code': TEST_ADMIN_PASSWORD } })
  ).json()) as { users: { email: string }[] };
  const listed = new Set(users.users.map((u) => u.email));
  for (const signup of signups) expect(listed.has(signup.email!), signup.email).toBe(true);
}, 90_000);
