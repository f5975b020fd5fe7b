import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import { concurrentWritersContract } from '../contract/concurrent-writers';
import {
  type ContractTarget,
  eventStoreContract,
  newEvent,
  uniqueStream,
} from '../contract/event-store-contract';
import { EventIdConflictError } from '../port';
import { PostgresEventStore } from './postgres-event-store';

async function openPostgres(label: string): Promise<ContractTarget & { url: string }> {
  const db = await createTestDatabase(label);
  const store = await PostgresEventStore.connect({ connectionString: db.url, maxPollInterval: 200 });
  return {
    store,
    url: db.url,
    gapFreePositions: true,
    connectWriter: () => PostgresEventStore.connect({ connectionString: db.url, poolSize: 2 }),
    async teardown() {
      await store.close();
      await db.drop();
    },
  };
}

describe('PostgreSQL event store: contract', () => {
  eventStoreContract(() => openPostgres('es_contract'));
});

describe('PostgreSQL event store: concurrent writers and live subscribers', () => {
  concurrentWritersContract(() => openPostgres('es_concurrency'));
});

describe('PostgreSQL event store: specifics', () => {
  it('refuses to re-append stored ids to another stream', async () => {
    const target = await openPostgres('es_specific');
    try {
      const event = newEvent();
      await target.store.append(uniqueStream('home'), [event], 'no_stream');
      const elsewhere = uniqueStream('elsewhere');
      await expect(target.store.append(elsewhere, [event], 'any')).rejects.toBeInstanceOf(
        EventIdConflictError,
      );
      expect(await target.store.readStream(elsewhere)).toEqual([]);
    } finally {
      await target.teardown();
    }
  });

  it('enforces the expected revision in SQL, whoever calls es_append', async () => {
    const target = await openPostgres('es_sql');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const payload = (id: string) => JSON.stringify([{ event_id: id, type: 'T', data: {}, metadata: {} }]);
      await client.query("select * from es_append('s', 'no_stream', $1)", [payload(newEvent().eventId)]);
      const attempts = [
        ['no_stream', 'ES409'],
        ['stream_exists', null],
        ['5', 'ES409'],
        ['0', 'ES409'],
        ['1', null],
        ['2', null],
        ['any', null],
        ['-1', 'ES400'],
        ['latest', 'ES400'],
      ] as const;
      for (const [expected, code] of attempts) {
        const outcome = await client
          .query('select * from es_append($1, $2, $3)', ['s', expected, payload(newEvent().eventId)])
          .then(
            () => null,
            (error: pg.DatabaseError) => error.code,
          );
        expect([expected, outcome]).toEqual([expected, code]);
      }
      const { rows } = await client.query('select count(*)::int as n from es_events');
      expect(rows[0].n).toBe(5);
      // Under REPEATABLE READ the snapshot predates the lock: es_append refuses to run.
      await client.query('begin isolation level repeatable read');
      await expect(
        client.query("select * from es_append('s', 'any', $1)", [payload(newEvent().eventId)]),
      ).rejects.toMatchObject({ code: 'ES400' });
      await client.query('rollback');
    } finally {
      await client.end();
      await target.teardown();
    }
  });
});
