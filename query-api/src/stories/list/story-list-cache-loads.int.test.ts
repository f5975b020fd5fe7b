import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import { MemoryNotifier } from '@nocturne/notify';
import { createReadModelDb, migrateReadModel, type ReadModel } from '@nocturne/projector';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { StoryListCache } from './story-list-cache';

/** Holds back the answer of the next query once armed, until released. */
class Gate implements KyselyPlugin {
  private armed = false;
  private open: (() => void) | undefined;
  private onHeld: (() => void) | undefined;

  /** Arms the gate; resolves once a query's answer is held there. */
  arm(): Promise<void> {
    this.armed = true;
    return new Promise((resolve) => {
      this.onHeld = resolve;
    });
  }

  release(): void {
    this.open?.();
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.armed) {
      this.armed = false;
      await new Promise<void>((resolve) => {
        this.open = resolve;
        this.onHeld?.();
      });
    }
    return args.result;
  }
}

let database: TestDatabase;
let db: Kysely<ReadModel>;

beforeEach(async () => {
  database = await createTestDatabase('story_list_loads');
  await migrateReadModel(database.url);
  db = createReadModelDb(database.url, undefined, 2);
  await db.insertInto('projection_checkpoints').values({ name: 'stories', position: 1 }).execute();
});

afterEach(async () => {
  await db?.destroy();
  await database?.drop();
});

const moveStoriesTo = (position: number) =>
  db.updateTable('projection_checkpoints').set({ position }).where('name', '=', 'stories').execute();

it('loads again after a load that was under way when "projected" came, without waiting for the periodic check', async () => {
  const gate = new Gate();
  const notifier = new MemoryNotifier();
  // No periodic check within the test: only the notifications can move the snapshot.
  const cache = new StoryListCache(db.withPlugin(gate), notifier, { checkEveryMs: 3_600_000 });
  try {
    expect((await cache.current()).position).toBe(1);
    // A live batch commits and its notification starts a load, held before it answers...
    const held = gate.arm();
    await moveStoriesTo(2);
    notifier.publishProjected(2);
    await held;
    // ...when the next batch commits and notifies: that load read before it.
    await moveStoriesTo(3);
    notifier.publishProjected(3);
    gate.release();
    await vi.waitFor(async () => expect((await cache.current()).position).toBe(3), { timeout: 10_000 });
  } finally {
    cache.close();
  }
});
