import { randomUUID } from 'node:crypto';
import { type DomainEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import {
  createTestDatabase,
  given,
  storyPublished,
  type TestDatabase,
  testNatsUrl,
  uniqueName,
} from '@nocturne/events/testing';
import { NatsNotifier } from '@nocturne/notify';
import { PostgresPiiVault } from '@nocturne/vault';
import { type Kysely, type KyselyPlugin, RawNode, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projections } from '../projections';
import { monthlyStatsProjection } from '../projections/monthly-stats/monthly-stats-projection';
import { storiesProjection } from '../projections/stories/stories-projection';
import { createReadModelDb, migrateReadModel } from '../read-model/database';
import type { ReadModel } from '../read-model/schema';
import type { Projection } from './projection';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner';
import { READ_MODEL_SWAP_LOCK } from './read-model-lock';
import { everyFeatureHistory } from './testing/every-feature-history';
import { insertHistory } from './testing/insert-history';
import { poisonedStore } from './testing/poisoned-store';
import { readModelRows } from './testing/read-model-rows';

interface Fixture {
  database: TestDatabase;
  store: PostgresEventStore;
  vault: PostgresPiiVault;
  db: Kysely<ReadModel>;
  closers: (() => Promise<void>)[];
}

let f: Fixture;

beforeEach(async () => {
  const database = await createTestDatabase('runner');
  const store = await PostgresEventStore.connect({ connectionString: database.url });
  const vault = await PostgresPiiVault.connect(database.url);
  await migrateReadModel(database.url);
  f = { database, store, vault, db: createReadModelDb(database.url), closers: [] };
});

afterEach(async () => {
  for (const close of f.closers.reverse()) await close();
  await f.db.destroy();
  await f.vault.close();
  await f.store.close();
  await f.database.drop();
});

async function append(stream: string, ...events: DomainEvent[]): Promise<number> {
  return (await given(f.store, stream, events)).position;
}

async function publish(storyId = randomUUID()): Promise<{ storyId: string; position: number }> {
  const position = await append(streams.story(storyId), storyPublished({ storyId }));
  return { storyId, position };
}

async function register(): Promise<number> {
  const accountId = randomUUID();
  return append(streams.user(randomUUID().replace(/-/g, '')), {
    type: 'UserRegistered',
    data: {
      accountId,
      email: await f.vault.encrypt(accountId, 'reader@nocturne.test'),
      passwordHash: await f.vault.encrypt(accountId, 'hash'),
      ageConfirmedAt: '2025-01-01T00:00:00.000Z',
      verification: { tokenDigest: 'a'.repeat(64), expiresAt: '2030-01-01T00:00:00.000Z' },
    },
  });
}

function runner(options: Partial<ProjectionRunnerOptions> = {}): ProjectionRunner {
  const r = new ProjectionRunner({
    store: f.store,
    db: f.db,
    vault: f.vault,
    projections: [storiesProjection, monthlyStatsProjection],
    onError: () => {},
    ...options,
  });
  f.closers.push(() => r.stop());
  return r;
}

/** The raw SQL (sql`...`) statements run through a Kysely instance given this plugin. */
const statements: string[] = [];
const rawStatements: KyselyPlugin = {
  transformQuery: ({ node }) => {
    if (RawNode.is(node)) statements.push(node.sqlFragments.join('?'));
    return node;
  },
  transformResult: async ({ result }) => result,
};

async function checkpoints(): Promise<Record<string, number>> {
  const rows = await f.db.selectFrom('projection_checkpoints').selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.position)]));
}

async function registrations(): Promise<number> {
  const rows = await f.db.selectFrom('monthly_stats').select('registrations').execute();
  return rows.reduce((sum, r) => sum + Number(r.registrations), 0);
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('projection runner', () => {
  it('stops a projection at an event it cannot apply, with a log line naming it, while the others go on', async () => {
    const before = await publish();
    const poison = await publish();
    await publish();
    await register();
    const lines: string[] = [];
    const store = poisonedStore(f.store, poison.position);
    const r = runner({ store, log: (line) => lines.push(line), batchSize: 100 });

    const reached = await r.catchUp();
    const head = await register();
    await r.catchUp();

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^projection stories stopped at position ${poison.position}: cannot apply StoryPublished \\(\\w+ [0-9A-Z]{5}\\)`,
      ),
    );
    // Never the event's data: the NUL-laden texts and the story id stay out of the log.
    expect(lines[0]).not.toContain('\u0000');
    expect(lines[0]).not.toContain(poison.storyId);
    // The events before it are applied, it and those after are not; monthly stats go on.
    expect(await f.db.selectFrom('stories').select('id').execute()).toEqual([{ id: before.storyId }]);
    expect(await registrations()).toBe(2);
    expect(await checkpoints()).toEqual({ stories: poison.position - 1, 'monthly-stats': head });
    expect(reached).toBeGreaterThan(poison.position);
    expect(await r.stops()).toEqual([
      {
        projection: 'stories',
        position: poison.position,
        eventType: 'StoryPublished',
        reason: expect.any(String),
      },
    ]);

    // A new process (a fix deployed) tries again; the event still cannot be applied: same stop.
    const restarted = runner({ store, log: (line) => lines.push(line) });
    await restarted.init();
    expect(await restarted.stops()).toEqual([]);
    await restarted.catchUp();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
    // With the real store (the event as it should be) the projection catches up.
    const healed = runner({ log: (line) => lines.push(line) });
    await healed.init();
    await healed.catchUp();
    expect(await checkpoints()).toEqual({ stories: head, 'monthly-stats': head });
    expect(await f.db.selectFrom('stories').select('id').execute()).toHaveLength(3);
  });

  it('fails the whole batch, stopping nothing, when the database fails rather than the event', async () => {
    await publish();
    await register();
    const lines: string[] = [];
    const failing = {
      ...storiesProjection,
      applyBatch: async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      },
    };
    const r = runner({ projections: [failing, monthlyStatsProjection], log: (line) => lines.push(line) });
    await expect(r.step()).rejects.toThrow('administrator command');
    expect(lines).toEqual([]);
    expect(await r.stops()).toEqual([]);
    expect(await checkpoints()).toEqual({ stories: 0, 'monthly-stats': 0 });
  });

  it('turns events into rows and moves every checkpoint to the last event', async () => {
    const kept = await publish();
    const gone = await publish();
    await append(
      streams.storyLikes(kept.storyId),
      ...Array.from({ length: 3 }, () => ({
        type: 'StoryLiked' as const,
        data: { storyId: kept.storyId },
      })),
    );
    await append(streams.storyViews(kept.storyId), { type: 'StoryViewed', data: { storyId: kept.storyId } });
    await append(streams.story(gone.storyId), { type: 'StoryDeleted', data: { storyId: gone.storyId } });
    await register();
    const head = await register();

    const batches: number[] = [];
    const position = await runner({
      batchSize: 3,
      catchUpBatchSize: 3,
      onBatch: (p) => batches.push(p),
    }).catchUp();

    expect(position).toBe(head);
    expect(batches.at(-1)).toBe(head);
    expect(batches.length).toBeGreaterThan(1);
    const stories = await f.db.selectFrom('stories').select(['id', 'likes', 'views']).execute();
    expect(stories).toEqual([{ id: kept.storyId, likes: 3, views: 1 }]);
    expect(await registrations()).toBe(2);
    expect(await checkpoints()).toEqual({ stories: head, 'monthly-stats': head });
  });

  /** Two likes applied by a live batch of a caught-up runner: the raw statements it sent. */
  async function liveBatchOfTwoLikes(): Promise<string[]> {
    const { storyId } = await publish();
    const r = runner({ db: f.db.withPlugin(rawStatements) });
    await r.catchUp();
    const like = { type: 'StoryLiked' as const, data: { storyId } };
    const head = await append(streams.storyLikes(storyId), like, like);
    statements.length = 0;
    expect(await r.step()).toBe(2);
    expect(await checkpoints()).toEqual({ stories: head, 'monthly-stats': head });
    return [...statements];
  }

  it('applies a batch every projection takes without a savepoint (those are only for finding a refused event)', async () => {
    const sent = await liveBatchOfTwoLikes();
    expect(sent.filter((s) => /savepoint/i.test(s))).toEqual([]);
    expect(await f.db.selectFrom('stories').select('likes').executeTakeFirst()).toEqual({ likes: 2 });
  });

  it('opens a batch in one round trip: begin, the swap lock and the checkpoint rows in one message', async () => {
    const sent = await liveBatchOfTwoLikes();
    expect(sent[0]).toMatch(
      new RegExp(
        `^begin; select pg_advisory_xact_lock_shared\\(${READ_MODEL_SWAP_LOCK}\\); select name, position, stopped_position from projection_checkpoints`,
      ),
    );
    expect(sent.filter((s) => /\bbegin\b/.test(s))).toHaveLength(1);
    expect(sent.at(-1)).toBe('commit');
  });

  it('skips events at or below a projection checkpoint, and never applies an event twice', async () => {
    const skipped = await publish();
    const applied = await publish();
    await register();
    const head = await register();
    const r = runner();
    await r.init();
    await f.db
      .updateTable('projection_checkpoints')
      .set({ position: skipped.position })
      .where('name', '=', 'stories')
      .execute();

    await r.catchUp();
    expect((await f.db.selectFrom('stories').select('id').execute()).map((s) => s.id)).toEqual([
      applied.storyId,
    ]);
    expect(await registrations()).toBe(2);

    // Only the stories projection is behind: the other one, already at the head, must skip the
    // batch it sees again, or the registrations would count twice.
    await f.db
      .updateTable('projection_checkpoints')
      .set({ position: 0 })
      .where('name', '=', 'stories')
      .execute();
    await r.catchUp();
    expect(
      (await f.db.selectFrom('stories').select('id').orderBy('position').execute()).map((s) => s.id),
    ).toEqual([skipped.storyId, applied.storyId]);
    expect(await registrations()).toBe(2);
    expect(await checkpoints()).toEqual({ stories: head, 'monthly-stats': head });
  });

  it('of two runners on one schema, the one whose read went stale applies nothing twice', async () => {
    for (let n = 0; n < 5; n++) await register();
    const head = await f.store.headPosition();
    const winner = runner({ projections: [monthlyStatsProjection] });
    let gateOpened = false;
    // The loser reads its batch from checkpoint 0; before it writes, the winner commits the same
    // events. The loser's compare-and-set must start from the winner's checkpoint, not from 0.
    const staleStore: EventStore = Object.assign(Object.create(f.store) as EventStore, {
      async readAll(after: number, limit: number) {
        const events = await f.store.readAll(after, limit);
        if (!gateOpened) {
          gateOpened = true;
          await winner.catchUp();
        }
        return events;
      },
    });
    const loser = runner({ store: staleStore, projections: [monthlyStatsProjection] });

    expect(await loser.catchUp()).toBe(head);
    expect(gateOpened).toBe(true);
    expect(await registrations()).toBe(5); // not 10
    expect(await checkpoints()).toEqual({ 'monthly-stats': head });
  });

  it('two runners racing over a long mixed history give the same rows as one runner', async () => {
    const history = await everyFeatureHistory(f.vault, 3000, 7);
    const head = await insertHistory(f.database.url, history);
    for (const subject of history.destroyedSubjects) await f.vault.destroy(subject);
    const a = runner({ projections, batchSize: 200, catchUpBatchSize: 200 });
    const b = runner({ projections, batchSize: 290, catchUpBatchSize: 290 });
    await Promise.all([a.catchUp(), b.catchUp()]);

    await migrateReadModel(f.database.url, 'read_model_clean');
    const clean = createReadModelDb(f.database.url, 'read_model_clean', 2);
    f.closers.push(() => clean.destroy());
    await runner({ db: clean, projections }).catchUp();

    const live = await readModelRows(f.database.url, 'read_model');
    expect(Object.values(await checkpoints())).toEqual(projections.map(() => head));
    expect(live).toEqual(await readModelRows(f.database.url, 'read_model_clean'));
  });

  it('folds a batch as the events one at a time would: any cut of the log gives the same rows in every table', async () => {
    const history = await everyFeatureHistory(f.vault, 800, 11);
    const head = await insertHistory(f.database.url, history);
    for (const subject of history.destroyedSubjects) await f.vault.destroy(subject);
    let batches = 0;
    await runner({ projections, batchSize: 1, catchUpBatchSize: 1, onBatch: () => batches++ }).catchUp();
    expect(batches).toBe(head);
    const one = await readModelRows(f.database.url, 'read_model');
    // Every table of every projection has rows to compare, positions and times included.
    for (const [table, rows] of Object.entries(one)) expect(rows.length, table).toBeGreaterThan(0);

    // The same log cut into batches of other sizes, the whole log in one batch last.
    for (const size of [2, 7, 61, 5000]) {
      const schema = `read_model_cut_${size}`;
      await migrateReadModel(f.database.url, schema);
      const db = createReadModelDb(f.database.url, schema, 2);
      f.closers.push(() => db.destroy());
      let cuts = 0;
      await runner({
        db,
        projections,
        batchSize: size,
        catchUpBatchSize: size,
        onBatch: () => cuts++,
      }).catchUp();
      expect(cuts, `batches of ${size}`).toBe(Math.ceil(head / size));
      expect(await readModelRows(f.database.url, schema), `batches of ${size}`).toEqual(one);
    }
  });

  it('reads small batches when live and large ones while behind, and only those skip the flush', async () => {
    for (let n = 0; n < 7; n++) await register();
    const sizes: number[] = [];
    const commits: string[] = [];
    // Sees each batch's transaction: which synchronous_commit it runs with.
    const probe: Projection = {
      name: 'probe',
      handles: ['UserRegistered'],
      async applyBatch(trx) {
        const { rows } = await sql<{
          setting: string;
        }>`select current_setting('synchronous_commit') as setting`.execute(trx);
        commits.push(rows[0]!.setting);
      },
    };
    const r = runner({
      projections: [monthlyStatsProjection, probe],
      batchSize: 2,
      catchUpBatchSize: 5,
      onBatch: (_, events) => sizes.push(events),
    });
    // Behind at first: catch-up batches, the last one short.
    expect(await r.step()).toBe(5);
    expect(await r.step()).toBe(2);
    expect(await r.step()).toBe(0);
    // Live: the next events come in live batches; a full one means behind again.
    for (let n = 0; n < 9; n++) await register();
    expect(await r.step()).toBe(2);
    expect(await r.step()).toBe(5);
    expect(await r.step()).toBe(2);
    expect(sizes).toEqual([5, 2, 2, 5, 2]);
    // The first batch of a runner, and any batch after a full one, is a catch-up batch.
    expect(commits).toEqual(['off', 'off', 'on', 'off', 'off']);
    expect(await registrations()).toBe(16);
  });

  it('waits, between batches, while a rebuild holds the swap lock', async () => {
    const head = (await publish()).position;
    const locker = new pg.Client({ connectionString: f.database.url });
    await locker.connect();
    f.closers.push(() => locker.end());
    await locker.query('select pg_advisory_lock($1)', [READ_MODEL_SWAP_LOCK]);
    const caughtUp = runner().catchUp();
    // The runner is now queued behind the lock (PostgreSQL shows its request as not granted).
    await until(async () => {
      const { rows } = await locker.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted
         and database = (select oid from pg_database where datname = current_database())`,
      );
      return rows[0]!.waiting > 0;
    }, 10_000);
    expect(await checkpoints()).toEqual({ stories: 0, 'monthly-stats': 0 });
    await locker.query('select pg_advisory_unlock($1)', [READ_MODEL_SWAP_LOCK]);
    expect(await caughtUp).toBe(head);
  });

  describe('wake-up', () => {
    const natsUrl = testNatsUrl();

    it.skipIf(!natsUrl)('a NATS "appended" hint wakes an idle runner long before its next poll', async () => {
      const prefix = uniqueName('runner');
      const notifier = await NatsNotifier.connect(natsUrl!, prefix);
      const listener = await NatsNotifier.connect(natsUrl!, prefix);
      f.closers.push(
        () => notifier.close(),
        () => listener.close(),
      );
      const projected: number[] = [];
      listener.onProjected((p) => projected.push(p));
      const r = runner({ notifier, maxIdleMs: 30_000 });
      r.start();
      // Idle back-off: 50, 100, ..., 1600 ms, then a 3200 ms sleep from about 3.15 s to 6.35 s.
      await new Promise((resolve) => setTimeout(resolve, 3400));

      const position = (await publish()).position;
      notifier.publishAppended(position);
      const waited = await until(async () => (await checkpoints()).stories === position, 5000);
      expect(waited).toBeLessThan(1500); // the next poll would only come about 3 s later
      await until(async () => projected.includes(position), 2000); // "projected up to P" went out
    });

    it('without NATS the runner still catches up by polling', async () => {
      const r = runner({ notifier: undefined });
      r.start();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const position = (await publish()).position;
      await until(async () => (await checkpoints()).stories === position, 5000);
    });

    it.skipIf(!natsUrl)(
      'with NATS down (closed connection) the runner still catches up by polling',
      async () => {
        const notifier = await NatsNotifier.connect(natsUrl!, uniqueName('down'));
        await notifier.close();
        const r = runner({ notifier });
        r.start();
        await new Promise((resolve) => setTimeout(resolve, 500));
        const position = (await publish()).position;
        notifier.publishAppended(position); // dropped: the connection is closed
        await until(async () => (await checkpoints()).stories === position, 5000);
        const more = (await publish()).position;
        await until(async () => (await checkpoints()).stories === more, 5000);
      },
    );
  });
});
