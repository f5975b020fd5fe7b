import { createTestDatabase, type TestDatabase } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_AT_MILLIS } from './event-row';

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase('es_event_row');
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

describe('an event row’s time', () => {
  it('is read as the very Date pg parses from the timestamp, its milliseconds truncated', async () => {
    const times = [
      '2026-12-02 17:00:00+00',
      '2026-12-02 17:00:00.123999+00',
      '2026-12-02 17:00:00.999999+00',
      '2026-12-02 17:00:00.0005+00',
      '2026-06-30 23:59:59.999999+02',
      '2000-02-29 12:34:56.000001-07',
      '1969-12-31 23:59:59.999999+00',
      '1950-01-01 00:00:00.5+00',
    ];
    // The rows' times pass through a plain random microsecond too.
    for (let i = 0; i < 200; i++) {
      const micros = Math.floor(Math.random() * 2 ** 52) / 1e6 - 1e9;
      times.push(
        new Date(Math.floor(micros * 1000))
          .toISOString()
          .replace('Z', `${String(i % 1000).padStart(3, '0')}+00`),
      );
    }
    const { rows } = await client.query<{ parsed: Date; millis: number }>(
      `select recorded_at as parsed, ${RECORDED_AT_MILLIS} as millis
         from unnest($1::timestamptz[]) as recorded_at`,
      [times],
    );
    expect(rows).toHaveLength(times.length);
    for (const row of rows) expect(new Date(row.millis)).toEqual(row.parsed);
  });
});
