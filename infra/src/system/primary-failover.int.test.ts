import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { migrateReadModel } from '@nocturne/projector';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad } from '../faults/like-load';
import {
  canReplicate,
  type ReplicatedPostgres,
  startReplicatedPostgres,
} from '../test-env/replicated-postgres';
import { testConfig } from '../test-env/test-config';
import { type RunningSystem, startSystem } from './start-system';

/**
 * Losing the primary loses nothing: a primary with a synchronous standby, the product connected
 * to both through one multi-host connection string (target_session_attrs=read-write), the
 * primary SIGKILLed under a load of likes and the standby promoted. Every like that was answered
 * 200 must be in the new primary's log, and the product must go on by itself.
 */
let cluster: ReplicatedPostgres;
let system: RunningSystem;
let dataDir: string;
const stories: string[] = [];

const portOf = (url: string) => new URL(url).port;

beforeAll(async () => {
  cluster = await startReplicatedPostgres({ synchronous: true });
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-failover-'));
  const both = `postgres://postgres@127.0.0.1:${portOf(cluster.primaryUrl)},127.0.0.1:${portOf(cluster.replicaUrl)}/postgres?target_session_attrs=read-write`;
  await migrateReadModel(both);
  system = await startSystem(testConfig({ databaseUrl: both, dataDir }), {
    log: () => {},
    logError: () => {},
    host: '127.0.0.1',
  });
  for (let i = 0; i < 4; i++) {
    const published = storyPublished({ isPremium: false });
    await given(system.infra.store, streams.story(published.data.storyId), [published], 'no_stream');
    stories.push(published.data.storyId);
  }
}, 120_000);

afterAll(async () => {
  await system?.stop().catch(() => {});
  await cluster?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!canReplicate())('a synchronous standby promoted after the primary is killed', () => {
  it('the store commits under synchronous replication: the standby has every append before it is answered', async () => {
    const primary = new pg.Client({ connectionString: cluster.primaryUrl });
    await primary.connect();
    try {
      const { rows } = await primary.query<{ sync_state: string }>(
        'select sync_state from pg_stat_replication',
      );
      expect(rows.map((r) => r.sync_state)).toEqual(['sync']);
    } finally {
      await primary.end();
    }
  });

  it("a rate limit's count waits for no standby: with the standby stopped, a search's count still answers", async () => {
    await cluster.stopReplica();
    try {
      const count = await Promise.race([
        system.infra.security.limiter.hit('search:user:standby-test', 60_000),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the count waited for the standby')), 2_000),
        ),
      ]);
      expect(count).toEqual({ hits: 1, resetInMs: 60_000 });
    } finally {
      await cluster.startReplica();
    }
  });

  it('every acknowledged like is in the new primary, and the product serves again without a restart', async () => {
    const load = await startLoad({ base: system.address, stories, perSecond: 300, connections: 16 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await cluster.killPrimary();
    await cluster.promoteReplica();
    // Until a like is answered again, through the same product process.
    const since = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - since < 60_000) {
      status = await fetch(`${system.address}/api/stories/${stories[0]}/like`, { method: 'POST' }).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const tally = await load.stop();
    expect(tally.acked.length).toBeGreaterThan(100);
    // While no primary answered: 503s (the client may retry), never another 5xx.
    expect([...tally.statuses].filter(([code]) => code >= 500 && code !== 503)).toEqual([]);

    const promoted = new pg.Client({ connectionString: cluster.replicaUrl });
    await promoted.connect();
    try {
      const ids = new Set(
        (await promoted.query<{ event_id: string }>('select event_id::text from es_events')).rows.map(
          (r) => r.event_id,
        ),
      );
      const lost = tally.acked.filter((a) => !ids.has(a.eventId));
      expect(lost).toEqual([]);
    } finally {
      await promoted.end();
    }
  }, 180_000);
});
