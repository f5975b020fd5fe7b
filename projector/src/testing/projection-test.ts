import type { DomainEvent, RecordedEvent } from '@nocturne/events';
import { createTestDatabase, type TestDatabase } from '@nocturne/events/testing';
import type { PiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { createReadModelDb, migrateReadModel } from '../read-model/database';
import type { ReadModel } from '../read-model/schema';
import type { Projection, ProjectionContext } from '../runner/projection';

/**
 * A migrated read model on a fresh database for the test file that calls this (at top level);
 * dropped after the file. Returns a getter, since the database exists only once beforeAll ran.
 */
export function useReadModelDatabase(label: string): () => Kysely<ReadModel> {
  let database: TestDatabase | undefined;
  let db: Kysely<ReadModel> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(label);
    await migrateReadModel(database.url);
    db = createReadModelDb(database.url);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error('the read-model database is used before beforeAll ran');
    return db;
  };
}

/**
 * Builds events as the store would have recorded them on the given stream, with increasing
 * positions and the given time: the "given events" of a projection test.
 */
export function eventRecorder(): (event: DomainEvent, streamName: string, at: string) => RecordedEvent {
  let position = 0;
  return (event, streamName, at) => {
    position += 1;
    return {
      ...event,
      eventId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      streamName,
      streamRevision: 0,
      position,
      metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
      recordedAt: new Date(at),
    } as RecordedEvent;
  };
}

/** As eventRecorder, on `user-{userKey}`. */
export function userEventRecorder(): (event: DomainEvent, userKey: string, at: string) => RecordedEvent {
  const record = eventRecorder();
  return (event, userKey, at) => record(event, `user-${userKey}`, at);
}

/** A vault that decrypts by lookup: a value missing from `plaintexts` reads as erased (null). */
export function lookupVault(plaintexts: ReadonlyMap<string, string> = new Map()): PiiVault {
  return {
    encrypt: async () => {
      throw new Error('a projection never encrypts');
    },
    decrypt: async (value) => plaintexts.get(value) ?? null,
    decryptMany: async (values) => values.map((value) => plaintexts.get(value) ?? null),
    destroy: async () => {},
  };
}

/**
 * The one way projection tests read: given these recorded events, then these rows.
 *
 *   const given = projectionSpec(usersProjection, readModel, { vault });
 *   await given(...events).thenRows((db) => db.selectFrom('users').selectAll().execute(), [...]);
 *
 * The events the projection handles are applied as one batch in one transaction, as the runner does; the
 * others are skipped, as the runner skips them.
 */
export function projectionSpec(
  projection: Projection,
  readModel: () => Kysely<ReadModel>,
  context: ProjectionContext,
) {
  const project = (events: readonly RecordedEvent[]) =>
    readModel()
      .transaction()
      .execute(async (trx) => {
        // One batch, as the runner hands it over: the fold per key must leave what the events
        // one by one would (the runner's test compares batch sizes on a mixed history).
        const own = events.filter((event) => projection.handles.includes(event.type));
        if (own.length > 0) await projection.applyBatch(trx, own, context);
      });
  return (...events: RecordedEvent[]) => ({
    /** Applies the events without asserting (history that a later step builds on). */
    project: () => project(events),
    /** Applies the events, then asserts what `read` reads back. */
    async thenRows<Rows>(read: (db: Kysely<ReadModel>) => Promise<Rows>, expected: Rows): Promise<void> {
      await project(events);
      expect(await read(readModel())).toEqual(expected);
    },
  });
}
