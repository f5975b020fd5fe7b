import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from './postgres-event-store';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let running: PostgresEventStore;
let appender: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase('es_schema_install');
  running = await PostgresEventStore.connect({ connectionString: db.url });
  appender = new pg.Client({ connectionString: db.url });
  await appender.connect();
});

afterAll(async () => {
  await appender?.end();
  await running?.close();
  await db?.drop();
});

describe('a store connecting beside running ones', () => {
  it('takes no lock on the event tables when the schema is installed (a no-op install deadlocked live appends)', async () => {
    await running.append(
      'story-1',
      [{ eventId: randomUUID(), type: 'StoryLiked', data: {}, metadata: {} }],
      'any',
    );
    // An append in progress elsewhere: its transaction holds the tables' row-exclusive locks.
    await appender.query('begin');
    await appender.query('lock table es_events, es_streams in row exclusive mode');
    const connecting = PostgresEventStore.connect({ connectionString: db.url });
    try {
      const outcome = await Promise.race([
        connecting.then(() => 'connected'),
        new Promise<string>((resolve) => setTimeout(() => resolve('waited on a lock'), 10_000)),
      ]);
      expect(outcome).toBe('connected');
    } finally {
      // Had it waited, it is queued behind the append: it goes on once the append ends.
      await appender.query('rollback');
      await (await connecting).close();
    }
  });
});
