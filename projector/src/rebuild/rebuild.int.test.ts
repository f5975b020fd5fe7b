import { randomUUID } from 'node:crypto';
import { encodeEvent, streams } from '@nocturne/events';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { PostgresPiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../projections';
import { createReadModelDb, LIVE_SCHEMA, migrateReadModel } from '../read-model/database';
import type { ReadModel } from '../read-model/schema';
import { ProjectionRunner } from '../runner/projection-runner';
import type { Reactor } from '../runner/reactor';
import { ReactorRunner } from '../runner/reactor-runner';
import { REBUILD_LOCK } from '../runner/read-model-lock';
import { insertHistory } from '../runner/testing/insert-history';
import { mixedHistory } from '../runner/testing/mixed-history';
import { poisonedStore } from '../runner/testing/poisoned-store';
import { readModelRows } from '../runner/testing/read-model-rows';
import { type RebuildProgress, rebuildReadModels } from './rebuild';

let database: TestDatabase;
let store: PostgresEventStore;
let vault: PostgresPiiVault;
let db: Kysely<ReadModel>;
let live: ProjectionRunner;
let reactorRunner: ReactorRunner;
const reacted: string[] = [];
let likedStory: string;

/** Stands in for the mail reactor: remembers every event it reacted to. */
const countingReactor: Reactor = {
  name: 'counting',
  handles: ['StoryLiked', 'UserRegistered'],
  async react(event) {
    reacted.push(event.eventId);
  },
};

const ctx = { correlationId: 'test', causationId: 'test', actor: { kind: 'system' as const } };

async function like(times: number): Promise<number> {
  const events = Array.from({ length: times }, () =>
    encodeEvent({ type: 'StoryLiked', data: { storyId: likedStory } }, ctx),
  );
  return (await store.append(streams.storyLikes(likedStory), events, 'any')).position;
}

async function liveCaughtUp(): Promise<void> {
  const head = await store.headPosition();
  const started = Date.now();
  while ((await live.position()) < head) {
    if (Date.now() - started > 20_000) throw new Error('the live runner did not catch up');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function reactorCheckpoint(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ position: string }>(
      "select position from reactors.checkpoints where name = 'counting'",
    );
    return Number(rows[0]!.position);
  } finally {
    await client.end();
  }
}

/** The index definitions of a schema, with the schema's name left out (a rebuild renames it). */
async function indexes(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ indexdef: string }>(
      'select indexdef from pg_indexes where schemaname = $1 order by indexname',
      [schema],
    );
    return rows.map((r) => r.indexdef.replaceAll(`${schema}.`, ''));
  } finally {
    await client.end();
  }
}

/** The tables of a schema that hold rows but have no planner statistics. */
async function tablesWithoutStatistics(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>(
      'select tablename from pg_tables where schemaname = $1 order by tablename',
      [schema],
    );
    const missing: string[] = [];
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ filled: boolean; described: boolean }>(
        `select exists (select from "${schema}"."${tablename}") as filled,
                exists (select from pg_stats where schemaname = $1 and tablename = $2) as described`,
        [schema, tablename],
      );
      if (rows[0]?.filled && !rows[0].described) missing.push(tablename);
    }
    return missing;
  } finally {
    await client.end();
  }
}

async function schemas(): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'read_model%' order by nspname",
    );
    return rows.map((r) => r.nspname);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase('rebuild');
  store = await PostgresEventStore.connect({ connectionString: database.url });
  vault = await PostgresPiiVault.connect(database.url);
  const history = await mixedHistory(vault, 4000, 11);
  await insertHistory(database.url, history);
  for (const subject of history.destroyedSubjects) await vault.destroy(subject);
  const published = history.appends.find((a) => a.events[0]?.type === 'StoryPublished')!;
  likedStory = (published.events[0]!.data as { storyId: string }).storyId;

  await migrateReadModel(database.url);
  db = createReadModelDb(database.url);
  live = new ProjectionRunner({ store, db, vault, projections, maxIdleMs: 200, onError: () => {} });
  await live.catchUp();
  live.start();

  reactorRunner = new ReactorRunner({
    store,
    databaseUrl: database.url,
    reactors: [countingReactor],
    context: {
      vault,
      mailer: { send: async () => {} },
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@nocturne.test',
      secret: randomUUID(),
    },
  });
  await reactorRunner.init(); // starts at the head: the history is not reacted to
  await like(7);
  await reactorRunner.drain();
  expect(reacted).toHaveLength(7);
  await liveCaughtUp();
});

afterAll(async () => {
  await live?.stop();
  await reactorRunner?.stop();
  await db?.destroy();
  await vault?.close();
  await store?.close();
  await database?.drop();
});

describe('rebuild of the read models (blue/green)', () => {
  it('rebuilds rows identical to the live read model, swaps them in with planner statistics, and never re-fires a reactor (was: no statistics until autovacuum ran)', async () => {
    const before = await readModelRows(database.url, LIVE_SCHEMA);
    const indexesBefore = await indexes(LIVE_SCHEMA);
    const reactorBefore = await reactorCheckpoint();
    const head = await store.headPosition();
    const progress: RebuildProgress[] = [];

    const result = await rebuildReadModels({
      databaseUrl: database.url,
      store,
      vault,
      projections,
      batchSize: 500,
      onProgress: (p) => progress.push(p),
    });

    expect(result.position).toBe(head);
    expect(result.events).toBe(head);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', position: head });
    expect(new Set(progress.map((p) => p.phase))).toEqual(new Set(['projecting', 'swapping', 'done']));
    expect(progress.filter((p) => p.phase === 'projecting').length).toBeGreaterThan(5);
    // The spare is dropped, the live schema untouched.
    expect(await schemas()).toContain('read_model');
    expect(await schemas()).not.toContain('read_model_next');
    expect(await readModelRows(database.url, LIVE_SCHEMA)).toEqual(before);
    // The deferred indexes (deferred-indexes.ts), dropped while the bulk was projected, are all
    // back, as the migrations made them.
    expect(indexesBefore.some((definition) => definition.includes('USING gin'))).toBe(true);
    expect(await indexes(LIVE_SCHEMA)).toEqual(indexesBefore);
    // Every table that holds rows comes in with the planner's statistics, so no read of the
    // swapped-in models waits for autovacuum to plan well.
    expect(await tablesWithoutStatistics(LIVE_SCHEMA)).toEqual([]);

    // No reactor re-fired: its checkpoint did not move and nothing more was reacted to.
    expect(await reactorCheckpoint()).toBe(reactorBefore);
    await reactorRunner.drain();
    expect(reacted).toHaveLength(7);
  });

  it('the live runner and readers keep working across a swap under concurrent appends', async () => {
    let appending = true;
    const appender = (async () => {
      while (appending) {
        await like(3);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    let reads = 0;
    const reader = (async () => {
      // A reader's pool made before the swap, as query-api's is: it follows the schema name.
      while (appending) {
        const rows = await db.selectFrom('stories').select('id').execute();
        expect(rows.length).toBeGreaterThan(0);
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await rebuildReadModels({ databaseUrl: database.url, store, vault, projections, batchSize: 300 });
      await like(5); // appended after the swap: the live runner must project it into the new tables
    } finally {
      appending = false;
      await Promise.all([appender, reader]);
    }
    expect(reads).toBeGreaterThan(0);
    await liveCaughtUp();
    const head = await store.headPosition();
    const likes = await db
      .selectFrom('stories')
      .select('likes')
      .where('id', '=', likedStory)
      .executeTakeFirst();
    expect(likes?.likes).toBe((await store.readStream(streams.storyLikes(likedStory))).length);

    // Row for row what a clean projection of the same events gives.
    await migrateReadModel(database.url, 'read_model_clean');
    const clean = createReadModelDb(database.url, 'read_model_clean', 2);
    try {
      expect(await new ProjectionRunner({ store, db: clean, vault, projections }).catchUp()).toBe(head);
    } finally {
      await clean.destroy();
    }
    expect(await readModelRows(database.url, LIVE_SCHEMA)).toEqual(
      await readModelRows(database.url, 'read_model_clean'),
    );

    // The likes were reacted to once each, by the reactor's own checkpoint, rebuild or not.
    await reactorRunner.drain();
    const allLikes = (await store.readStream(streams.storyLikes(likedStory))).map((e) => e.eventId);
    expect(new Set(reacted).size).toBe(reacted.length);
    expect(reacted.every((id) => allLikes.includes(id))).toBe(true);
  });

  it('refuses to start while another rebuild is running', async () => {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [REBUILD_LOCK]);
      await expect(
        rebuildReadModels({ databaseUrl: database.url, store, vault, projections }),
      ).rejects.toThrow('another rebuild of the read models is running');
      expect(await schemas()).toContain('read_model');
    } finally {
      await other.end();
    }
  });

  it('does not swap in read models in which a projection stopped short', async () => {
    const published = (await store.readAll(0, 100_000)).find((e) => e.type === 'StoryPublished');
    expect(published).toBeDefined();
    const before = await readModelRows(database.url, LIVE_SCHEMA);
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: string) => lines.push(line);
    try {
      await expect(
        rebuildReadModels({
          databaseUrl: database.url,
          store: poisonedStore(store, published!.position),
          vault,
          projections,
        }),
      ).rejects.toThrow(
        `the rebuild was not swapped in: projection stories stopped at position ${published!.position}: cannot apply StoryPublished`,
      );
    } finally {
      console.error = original;
    }
    expect(
      lines.some((l) => l.includes(`projection stories stopped at position ${published!.position}`)),
    ).toBe(true);
    // The spare is dropped, the live schema untouched.
    expect(await schemas()).toContain('read_model');
    expect(await schemas()).not.toContain('read_model_next');
    expect(await readModelRows(database.url, LIVE_SCHEMA)).toEqual(before);
  });
});
