import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { migrateReadModel } from '@nocturne/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canReplicate,
  type ReplicatedPostgres,
  startReplicatedPostgres,
} from '../test-env/replicated-postgres';
import { testConfig } from '../test-env/test-config';
import { type RunningSystem, startSystem } from './start-system';

/**
 * query-api on a real streaming replica (READ_DATABASE_URL): made by the test from the machine's
 * PostgreSQL binaries, its replay paused and the replica stopped while reads come in.
 */
let cluster: ReplicatedPostgres;
let system: RunningSystem;
let dataDir: string;
let story: string;

beforeAll(async () => {
  cluster = await startReplicatedPostgres();
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-replica-'));
  await migrateReadModel(cluster.primaryUrl);
  system = await startSystem(
    testConfig({ databaseUrl: cluster.primaryUrl, readDatabaseUrl: cluster.replicaUrl, dataDir }),
    { log: () => {}, logError: () => {}, host: '127.0.0.1' },
  );
  const published = storyPublished({ isPremium: false });
  story = published.data.storyId;
  await given(system.infra.store, streams.story(story), [published], 'no_stream');
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await cluster?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function like(): Promise<number> {
  const response = await fetch(`${system.address}/api/stories/${story}/like`, { method: 'POST' });
  expect(response.status).toBe(200);
  return Number(response.headers.get('x-event-position'));
}

async function list(minPosition?: number) {
  const response = await fetch(`${system.address}/api/stories`, {
    headers: minPosition === undefined ? {} : { 'X-Min-Position': String(minPosition) },
  });
  const body = response.status === 200 ? ((await response.json()) as { id: string; likes: number }[]) : null;
  return {
    status: response.status,
    projected: Number(response.headers.get('x-projected-position')),
    retryAfter: response.headers.get('retry-after'),
    likes: body?.find((s) => s.id === story)?.likes,
  };
}

describe.skipIf(!canReplicate())('reads from a streaming replica (READ_DATABASE_URL)', () => {
  it('a read after a write, sent with its position, sees the write: 100 times in a row', async () => {
    for (let n = 1; n <= 100; n++) {
      const position = await like();
      const read = await list(position);
      expect(read.status, `read ${n}`).toBe(200);
      expect(read.likes, `read ${n}`).toBe(n);
      expect(read.projected).toBeGreaterThanOrEqual(position);
    }
  }, 120_000);

  it("replay paused: a plain read answers the replica's own position, a read after a write waits and is a 503, never an old answer", async () => {
    const before = await like();
    await expect.poll(async () => (await list(before)).status).toBe(200);
    const seen = (await list(before)).likes!;
    await cluster.pauseReplay();
    try {
      const position = await like();
      const plain = await list();
      expect(plain.status).toBe(200);
      // What the replica has replayed: the like is not in it, and the answer says so.
      expect(plain.projected).toBeLessThan(position);
      expect(plain.likes).toBe(seen);
      const waited = await list(position);
      expect(waited.status).toBe(503);
      expect(waited.retryAfter).not.toBeNull();
    } finally {
      await cluster.resumeReplay();
    }
    const position = await like();
    const read = await list(position);
    expect(read.status).toBe(200);
    expect(read.likes).toBe(seen + 2);
  }, 60_000);

  it('the replica stopped: a read is a 503 with Retry-After, never a 500 or an old answer; back, it serves again', async () => {
    await cluster.stopReplica();
    try {
      const position = await like();
      const read = await list(position);
      expect(read.status).toBe(503);
      expect(read.likes).toBeUndefined();
    } finally {
      await cluster.startReplica();
    }
    const position = await like();
    await expect.poll(async () => (await list(position)).status, { timeout: 20_000 }).toBe(200);
  }, 90_000);
});
