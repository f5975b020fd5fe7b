import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeEvent, streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type OwnPostgres, startOwnPostgres } from '../test-env/own-postgres';
import { testConfig } from '../test-env/test-config';
import { type RunningSystem, startSystem } from './start-system';

/**
 * A catch-up batch commits without waiting for the disk and announces its position, and the
 * events it projects may themselves be visible before they are durable (a writer that was never
 * answered). query-api read its story list at that position and kept it. PostgreSQL killed: the
 * batch and those events are gone, their positions are taken again by other events, and the
 * kept list, merged only with rows changed after its position, went on serving counts the
 * database no longer had. After a crash the list must be what a rebuild from the log gives.
 */
let database: OwnPostgres | undefined;
let system: RunningSystem | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await system?.stop().catch(() => {});
  await database?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function sql(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

it('after PostgreSQL is killed during a catch-up, the story list served equals the log (it kept counts the database lost)', async () => {
  database = await startOwnPostgres('catchup-crash');
  // The WAL writer slowed: a commit that does not wait for the disk stays off it until the kill.
  await sql(database.url, [
    "alter system set wal_writer_delay = '10s'",
    "alter system set wal_writer_flush_after = '1GB'",
    'select pg_reload_conf()',
  ]);
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-catchup-crash-'));
  const config = testConfig({ databaseUrl: database.url, natsUrl: undefined, dataDir });
  system = await startSystem(config, { log: () => {}, logError: () => {}, host: '127.0.0.1' });
  // The test moves the projector itself, with catch-up batches (the live loop's batches wait
  // for the disk, and would make everything before them durable).
  await system.projector.stop();
  // And the reactors, whose checkpoint commits would flush the WAL too.
  await system.reactors.stop();
  const base = system.address;
  const store = system.infra.store;

  const first = storyPublished({ isPremium: false });
  const a = first.data.storyId;
  await given(store, streams.story(a), [first], 'no_stream');
  for (let i = 0; i < 2; i++)
    expect((await fetch(`${base}/api/stories/${a}/like`, { method: 'POST' })).status).toBe(200);

  const listed = async () => {
    const position = await system!.projector.catchUp();
    const response = await fetch(`${base}/api/stories?limit=50`, {
      headers: { 'X-Min-Position': String(position) },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; likes: number }[];
    return Object.fromEntries(body.map((s) => [s.id, s.likes]));
  };
  expect(await listed()).toEqual({ [a]: 2 });
  // Everything so far on disk (a synchronous commit that writes WAL flushes all before it).
  await sql(database.url, ['create table flushed_here ()']);

  // Three likes from a writer that is never answered: committed, visible, not on disk.
  const unanswered = [0, 1, 2].map(() => {
    const event = encodeEvent(
      { type: 'StoryLiked', data: { storyId: a } },
      {
        correlationId: 'crash-test',
        causationId: 'crash-test',
        actor: { kind: 'anonymous' },
      },
    );
    return {
      stream: streams.storyLikes(a),
      expected: 'any',
      events: [{ event_id: event.eventId, type: event.type, data: event.data, metadata: event.metadata }],
    };
  });
  const writer = new pg.Client({ connectionString: database.url });
  await writer.connect();
  await writer.query('set synchronous_commit = off');
  await writer.query('select * from es_append_pass($1)', [JSON.stringify(unanswered)]);
  await writer.end();
  expect(await listed()).toEqual({ [a]: 5 });

  await database.kill();
  await database.restart();
  const likesInLog = async (id: string) => (await store.readStream(streams.storyLikes(id))).length;
  for (let i = 0; i < 100; i++) {
    try {
      await store.headPosition();
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // The crash took what was not on disk (otherwise this test shows nothing).
  expect(await likesInLog(a)).toBe(2);

  // New events take the lost positions and more.
  const second = storyPublished({ isPremium: false });
  const b = second.data.storyId;
  await given(store, streams.story(b), [second], 'no_stream');
  for (let i = 0; i < 4; i++) {
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await fetch(`${base}/api/stories/${b}/like`, { method: 'POST' })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  }
  expect(await listed()).toEqual({ [a]: await likesInLog(a), [b]: await likesInLog(b) });
}, 180_000);
