import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogFilter } from '../log-browser';
import type { StoredEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { PostgresLogBrowser } from './postgres-log-browser';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let store: PostgresEventStore;
let pool: pg.Pool;
let all: StoredEvent[];

const TYPES = ['StoryLiked', 'StoryViewed', 'UserRegistered'];
const start = Date.parse('2026-01-01T00:00:00Z');
const minute = 60_000;

beforeAll(async () => {
  db = await createTestDatabase('es_log_browser');
  store = await PostgresEventStore.connect({ connectionString: db.url });
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  for (let i = 0; i < 90; i++) {
    const type = TYPES[i % 7 === 0 ? 2 : i % 2]!;
    await store.append(`story-${i % 5}`, [{ eventId: randomUUID(), type, data: { i }, metadata: {} }], 'any');
  }
  // Times that mostly grow with the position, with a few recorded out of order (a backdated
  // record, a clock set back): the browser may not assume that times follow positions.
  await pool.query(
    `update es_events set recorded_at = $1::timestamptz + (position * interval '1 minute')
       - case when position % 13 = 0 then interval '70 minutes' else interval '0' end`,
    [new Date(start)],
  );
  all = await store.readAll(0, 1000);
});

afterAll(async () => {
  await pool?.end();
  await store?.close();
  await db?.drop();
});

/** Every page of a filter, followed to the end: the positions in the order shown. */
async function pages(browser: PostgresLogBrowser, filter: LogFilter, limit: number): Promise<number[]> {
  const seen: number[] = [];
  let before: number | null = null;
  do {
    const page = await browser.events(filter, before, limit);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((e) => e.position));
    before = page.next;
  } while (before !== null);
  return seen;
}

function expected(filter: LogFilter): number[] {
  return all
    .filter(
      (e) =>
        (!filter.types?.length || filter.types.includes(e.type)) &&
        (!filter.from || e.recordedAt >= filter.from) &&
        (!filter.to || e.recordedAt < filter.to),
    )
    .map((e) => e.position)
    .reverse();
}

describe('the PostgreSQL log browser, filtered by type and time', () => {
  const at = (minutes: number) => new Date(start + minutes * minute);
  const filters: LogFilter[] = [
    { from: at(80) },
    { from: at(5), to: at(20) },
    { to: at(12) },
    { from: at(30), to: at(61) },
    { from: at(0), to: at(200) },
    { from: at(3), to: at(40), types: ['UserRegistered'] },
    { from: at(10), to: at(90), types: ['StoryLiked', 'UserRegistered'] },
    { to: at(50), types: ['StoryViewed'] },
    { from: at(500) },
    { types: ['UserRegistered'] },
    { types: ['StoryLiked', 'UserRegistered', 'StoryLiked'] },
    { types: ['NoSuchType', 'StoryViewed'] },
  ];

  it('pages exactly the events of the filter, newest first, whether a time range is near the cursor or far back', async () => {
    // A short look back from the cursor, so that both ways (the walk back, then the time index)
    // answer on a log this small; then the product's own.
    for (const near of [4, 2000]) {
      const browser = new PostgresLogBrowser(pool, near);
      for (const filter of filters) {
        for (const limit of [1, 3, 50]) {
          expect(await pages(browser, filter, limit), JSON.stringify({ near, filter, limit })).toEqual(
            expected(filter),
          );
        }
      }
    }
  });

  it('answers a page below a cursor deep in the log as the filter over the whole log does', async () => {
    const browser = new PostgresLogBrowser(pool, 4);
    const filter = { from: at(10), to: at(70) };
    const page = await browser.events(filter, 60, 5);
    expect(page.items.map((e) => e.position)).toEqual(
      expected(filter)
        .filter((p) => p < 60)
        .slice(0, 5),
    );
  });
});
