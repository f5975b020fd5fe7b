import { createTestDatabase } from '@nocturne/pg-kit/testing';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { concurrentWritersContract, defaultPlan } from '../contract/concurrent-writers';
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

/** A test's own database and a plain SQL client of it, both gone afterwards. */
async function withClient(
  label: string,
  test: (client: pg.Client, target: ContractTarget & { url: string }) => Promise<void>,
): Promise<void> {
  const target = await openPostgres(label);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await test(client, target);
  } finally {
    await client.end();
    await target.teardown();
  }
}

describe('PostgreSQL event store: contract', () => {
  eventStoreContract(() => openPostgres('es_contract'));
});

describe('PostgreSQL event store: concurrent writers and live subscribers', () => {
  concurrentWritersContract(() => openPostgres('es_concurrency'));
});

describe('PostgreSQL event store: 64 concurrent writers', () => {
  concurrentWritersContract(() => openPostgres('es_concurrency64'), {
    ...defaultPlan,
    writers: 64,
    events: 10_000,
    streams: 64,
  });
});

describe('PostgreSQL event store: reading some types only', () => {
  it('covers at most its stretch of positions per read, then reads on from where it stopped', async () => {
    const db = await createTestDatabase('es_typed');
    const store = await PostgresEventStore.connect({ connectionString: db.url, typedReadStretch: 4 });
    try {
      const stream = uniqueStream('typed');
      // Positions 1-9: the wanted type at 2 and 9 only.
      const types = ['Other', 'Wanted', 'Other', 'Other', 'Other', 'Other', 'Other', 'Other', 'Wanted'];
      await store.append(
        stream,
        types.map((type) => newEvent(type)),
        'no_stream',
      );
      const first = await store.readTypes(0, 10, ['Wanted']);
      expect(first.events.map((e) => e.position)).toEqual([2]);
      expect(first).toMatchObject({ through: 4, atHead: false });
      expect(await store.readTypes(4, 10, ['Wanted'])).toEqual({ events: [], through: 8, atHead: false });
      const last = await store.readTypes(8, 10, ['Wanted']);
      expect(last.events.map((e) => e.position)).toEqual([9]);
      expect(last).toMatchObject({ through: 9, atHead: true });
      // A limit reached stops at the last event found, short of the head.
      expect(await store.readTypes(0, 1, ['Wanted', 'Other'])).toMatchObject({ through: 1, atHead: false });
    } finally {
      await store.close();
      await db.drop();
    }
  });
});

/** One group for es_append_pass: [stream, expected, event ids]. */
function groupOf(appends: [string, string, string[]][]): string {
  return JSON.stringify(
    appends.map(([stream, expected, ids]) => ({
      stream,
      expected,
      events: ids.map((id) => ({ event_id: id, type: 'T', data: { id }, metadata: {} })),
    })),
  );
}

interface PassRow {
  idx: number;
  status: string;
  next_revision: string | null;
  last_position: string | null;
  actual: string | null;
}

describe('PostgreSQL event store: one group, set-based', () => {
  it('decides each append of a group on its own, chains one stream in group order, one NOTIFY', async () => {
    const target = await openPostgres('es_pass');
    const client = new pg.Client({ connectionString: target.url });
    const listener = new pg.Client({ connectionString: target.url });
    await client.connect();
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await listener.query('listen es_appended');
      const id = () => newEvent().eventId;
      const [stored, stored2] = [id(), id()];
      await client.query("select * from es_append('old', 'no_stream', $1)", [
        JSON.stringify(
          [stored, stored2].map((event_id) => ({ event_id, type: 'T', data: {}, metadata: {} })),
        ),
      ]);
      const shared = id();
      const { rows } = await client.query<PassRow>('select * from es_append_pass($1) order by idx', [
        groupOf([
          ['a', 'no_stream', [id(), id()]], // 1: appended, a@0..1
          ['a', '1', [id()]], // 2: chained after 1: a@2
          ['a', 'no_stream', [id()]], // 3: conflict, a is at 2 by now
          ['old', '5', [id()]], // 4: conflict with the stored stream (revision 1)
          ['old', 'any', [stored]], // 5: retry of the stored append
          ['b', 'any', [shared]], // 6: appended
          ['c', 'any', [shared]], // 7: shares 6's id: again, in a later group
          ['b', 'latest', [id()]], // 8: malformed
          ['old', 'stream_exists', [stored2, id()]], // 9: partial repeat
          ['a', 'any', [id()]], // 10: a@3
        ]),
      ]);
      const outcome = rows.map((r) => [
        r.status,
        r.next_revision === null ? null : Number(r.next_revision),
        r.last_position === null ? null : Number(r.last_position),
        r.actual === null ? null : Number(r.actual),
      ]);
      expect(outcome).toEqual([
        ['appended', 1, 4, null],
        ['appended', 2, 5, null],
        ['conflict', null, null, 2],
        ['conflict', null, null, 1],
        ['retry', 0, 1, null],
        ['appended', 0, 6, null],
        ['again', null, null, null],
        ['malformed', null, null, null],
        ['partial', null, null, null],
        ['appended', 3, 7, null],
      ]);
      const { rows: events } = await client.query<{
        position: string;
        stream_name: string;
        stream_revision: string;
      }>('select position, stream_name, stream_revision from es_events order by position');
      expect(events.map((e) => [Number(e.position), e.stream_name, Number(e.stream_revision)])).toEqual([
        [1, 'old', 0],
        [2, 'old', 1],
        [3, 'a', 0],
        [4, 'a', 1],
        [5, 'a', 2],
        [6, 'b', 0],
        [7, 'a', 3],
      ]);
      const { rows: streams } = await client.query<{ stream_name: string; revision: string }>(
        'select stream_name, revision from es_streams order by stream_name',
      );
      expect(streams.map((r) => [r.stream_name, Number(r.revision)])).toEqual([
        ['a', 3],
        ['b', 0],
        ['old', 1],
      ]);
      // Sent again in a later group, the append that shared an id is decided against what the
      // earlier one stored: that id is in stream b, so in c it is a repeat of another stream's.
      const { rows: again } = await client.query<PassRow>('select * from es_append_pass($1)', [
        groupOf([['c', 'any', [shared]]]),
      ]);
      expect(again[0]?.status).toBe('partial');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // One notification per group that wrote (es_append's, then the big group's), at its head.
      expect(heard).toEqual(['2', '7']);
    } finally {
      await listener.end();
      await client.end();
      await target.teardown();
    }
  });

  it('decides a group alike with or without a malformed append beside it', async () => {
    await withClient('es_alike', async (client) => {
      const id = () => newEvent().eventId;
      /** The same appends under stream names of their own; `extra` appends go after them. */
      const run = async (prefix: string, extra: unknown[]) => {
        const [stored, stored2] = [id(), id()];
        // Two streams of two events: one the group appends to, one it only guards.
        for (const [stream, ids] of [
          ['old', [stored, stored2]],
          ['story', [id(), id()]],
        ] as const) {
          await client.query("select * from es_append($1, 'no_stream', $2)", [
            `${prefix}${stream}`,
            JSON.stringify(ids.map((event_id) => ({ event_id, type: 'T', data: {}, metadata: {} }))),
          ]);
        }
        const append = (stream: string, expected: string, ids: string[], guard?: [string, string]) => ({
          stream: `${prefix}${stream}`,
          expected,
          events: ids.map((event_id) => ({ event_id, type: 'T', data: { event_id }, metadata: {} })),
          ...(guard && { guard_stream: `${prefix}${guard[0]}`, guard_revision: guard[1] }),
        });
        const { rows } = await client.query<PassRow>('select * from es_append_pass($1) order by idx', [
          JSON.stringify([
            append('a', 'no_stream', [id(), id().toUpperCase()]), // a@0..1 (an id in capitals is an id)
            append('a', '1', [id()]), // chained: a@2
            append('a', 'no_stream', [id()]), // conflict: a is at 2
            append('old', '5', [id()]), // conflict with the stored stream
            append('old', 'any', [stored]), // a retry
            append('old', 'stream_exists', [stored2, id()]), // a partial repeat
            append('likes', 'any', [id()], ['story', '0']), // guard conflict: story is at 1
            append('likes', 'any', [id()], ['story', '1']), // likes@0
            append('likes', 'any', [id()], ['none', '-1']), // likes@1
            append('a', 'any', [id()]), // a@3
            ...extra,
          ]),
        ]);
        return rows.slice(0, 10).map((r) => [r.status, r.next_revision, r.actual]);
      };
      const alone = await run('p-', []);
      // A malformed append at the end changes nothing for the others.
      const full = await run('f-', [{ stream: 'x', expected: 'latest', events: [] }]);
      expect(alone).toEqual(full);
      expect(alone).toEqual([
        ['appended', '1', null],
        ['appended', '2', null],
        ['conflict', null, '2'],
        ['conflict', null, '1'],
        ['retry', '0', null],
        ['partial', null, null],
        ['guard_conflict', null, '1'],
        ['appended', '0', null],
        ['appended', '1', null],
        ['appended', '3', null],
      ]);
    });
  });

  it('refuses an append one field short among well-formed ones, and ignores a revision without a guarded stream', async () => {
    await withClient('es_short', async (client) => {
      const event = () => ({ event_id: newEvent().eventId, type: 'T', data: {}, metadata: {} });
      const wellFormed = () => ({ stream: 'p', expected: 'any', events: [event()] });
      // Each of these is one field short, which makes a comparison null rather than false.
      for (const [odd, status] of [
        [{ stream: 'q', events: [event()] }, 'malformed'],
        [{ expected: 'any', events: [event()] }, 'malformed'],
        [{ stream: 'q', expected: 'any', events: [{ ...event(), type: undefined }] }, 'malformed'],
        [{ stream: 'q', expected: 'any', events: [event()], guard_stream: 'p' }, 'malformed'],
        // A revision without a guarded stream guards nothing.
        [{ stream: 'q', expected: 'any', events: [event()], guard_revision: 'x' }, 'appended'],
      ] as const) {
        const { rows } = await client.query<PassRow>('select * from es_append_pass($1) order by idx', [
          JSON.stringify([wellFormed(), odd, wellFormed()]),
        ]);
        expect(rows.map((r) => r.status)).toEqual(['appended', status, 'appended']);
      }
    });
  });

  it('checks each guard when its append comes, counting the earlier appends of the group to the guarded stream', async () => {
    await withClient('es_guard', async (client) => {
      const id = () => newEvent().eventId;
      await client.query("select * from es_append('old', 'no_stream', $1)", [
        JSON.stringify([id(), id()].map((event_id) => ({ event_id, type: 'T', data: {}, metadata: {} }))),
      ]);
      const append = (stream: string, expected: string, guard?: [unknown, unknown]) => ({
        stream,
        expected,
        events: [{ event_id: id(), type: 'T', data: {}, metadata: {} }],
        ...(guard && { guard_stream: guard[0], guard_revision: guard[1] }),
      });
      const { rows } = await client.query<PassRow>('select * from es_append_pass($1) order by idx', [
        JSON.stringify([
          append('story', 'no_stream'), // 1: story@0
          append('likes', 'any', ['story', '0']), // 2: story is at 0 after 1
          append('story', '0'), // 3: story@1
          append('likes', 'any', ['story', '0']), // 4: refused, story is at 1 by now
          append('likes', 'any', ['story', '1']), // 5: appended
          append('likes', 'any', ['none', '-1']), // 6: a stream that does not exist
          append('likes', 'any', ['old', '1']), // 7: the stored stream, as stored
          append('likes', 'any', ['old', '0']), // 8: refused, old is at 1
          append('likes', 'any', ['old', 'x']), // 9: malformed revision
          append('likes', 'any', [5, '0']), // 10: malformed stream
          append('self', 'any', ['self', '-1']), // 11: its own append comes after its guard
        ]),
      ]);
      expect(rows.map((r) => [r.status, r.actual === null ? null : Number(r.actual)])).toEqual([
        ['appended', null],
        ['appended', null],
        ['appended', null],
        ['guard_conflict', 1],
        ['appended', null],
        ['appended', null],
        ['appended', null],
        ['guard_conflict', 1],
        ['malformed', null],
        ['malformed', null],
        ['appended', null],
      ]);
      const { rows: streams } = await client.query<{ stream_name: string; revision: string }>(
        'select stream_name, revision from es_streams order by stream_name',
      );
      expect(streams.map((r) => [r.stream_name, Number(r.revision)])).toEqual([
        ['likes', 3],
        ['old', 1],
        ['self', 0],
        ['story', 1],
      ]);
    });
  });

  it('refuses each malformed append of a group on its own, before any cast or constraint', async () => {
    await withClient('es_shape', async (client) => {
      const id = () => newEvent().eventId;
      const event = (eventId: string) => ({ event_id: eventId, type: 'T', data: {}, metadata: {} });
      const twice = id();
      const appends: [unknown, string][] = [
        [{ stream: 'm', expected: 'no_stream', events: [event(id())], extra: 1 }, 'appended'],
        [{ stream: 'm', expected: '0', events: {} }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: ['not an object'] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [{ ...event(id()), event_id: 'not-a-uuid' }] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [{ ...event(id()), event_id: 7 }] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [{ ...event(id()), type: 1 }] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [{ event_id: id(), type: 'T', metadata: {} }] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [{ event_id: id(), type: 'T', data: {} }] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [event(twice), event(twice)] }, 'malformed'],
        [{ stream: 'm', expected: '0', events: [event(id()), 'x'] }, 'malformed'],
        [{ stream: 7, expected: '0', events: [event(id())] }, 'malformed'],
        [{ stream: '', expected: 'any', events: [event(id())] }, 'malformed'],
        [{ stream: 'm', events: [event(id())] }, 'malformed'],
        [{ stream: 'm', expected: '1234567890123456789', events: [event(id())] }, 'malformed'],
        // The malformed appends before it changed nothing: m is still at revision 0.
        [{ stream: 'm', expected: '0', events: [event(id()), event(id())] }, 'appended'],
      ];
      const { rows } = await client.query<PassRow>('select * from es_append_pass($1) order by idx', [
        JSON.stringify(appends.map(([append]) => append)),
      ]);
      expect(rows.map((r) => r.status)).toEqual(appends.map(([, status]) => status));
      expect(rows.at(-1)).toMatchObject({ next_revision: '2', last_position: '3' });
      const { rows: events } = await client.query('select count(*)::int as n from es_events');
      expect(events[0].n).toBe(3);
    });
  });

  it('reads the log by key only, even with plans cached while the log was young', async () => {
    await withClient('es_young_plans', async (client) => {
      const id = () => newEvent().eventId;
      const group = (n: number) =>
        groupOf(
          Array.from(
            { length: n },
            () => [uniqueStream('y'), 'no_stream', [id()]] as [string, string, string[]],
          ),
        );
      // Enough calls for PostgreSQL to settle on the plans it caches for the session's function.
      for (let i = 0; i < 8; i++) await client.query('select * from es_append_pass($1)', [group(5)]);
      await client.query('begin');
      const { rows } = await client.query<PassRow>('select * from es_append_pass($1)', [group(35)]);
      const { rows: scans } = await client.query<{ relname: string; seq_scan: string }>(
        "select relname, seq_scan from pg_stat_xact_user_tables where relname in ('es_events', 'es_streams') order by relname",
      );
      await client.query('commit');
      expect(rows.every((r) => r.status === 'appended')).toBe(true);
      // A scan of either table would grow with the log, under the append lock.
      expect(scans.map((r) => [r.relname, Number(r.seq_scan)])).toEqual([
        ['es_events', 0],
        ['es_streams', 0],
      ]);
    });
  });

  it('commits a group without waiting for the disk, then flushes the WAL before it answers', async () => {
    const target = await openPostgres('es_flush');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      // The flag turns synchronous_commit off for the group's own transaction only.
      for (const [flag, setting] of [
        [true, 'off'],
        [false, 'on'],
      ] as const) {
        await client.query('begin');
        await client.query('select * from es_append_pass($1, $2)', [
          groupOf([[uniqueStream('f'), 'any', [newEvent().eventId]]]),
          flag,
        ]);
        const { rows } = await client.query("select current_setting('synchronous_commit') as s");
        await client.query('rollback');
        expect([flag, rows[0].s]).toEqual([flag, setting]);
      }
      spy.mockClear();
      let answered = false;
      const appended = target.store.append(uniqueStream('f'), [newEvent()], 'no_stream').then(() => {
        answered = true;
      });
      const sent = () => spy.mock.calls.map((call) => String(call[0]));
      await vi.waitFor(() => expect(sent().some((q) => q.includes('pg_logical_emit_message'))).toBe(true));
      await appended;
      expect(answered).toBe(true);
      const order = sent();
      const group = order.findIndex((q) => q.includes('es_append_pass($1, true, $2)'));
      const flush = order.findIndex((q) => q.includes('pg_logical_emit_message'));
      expect(group).toBeGreaterThanOrEqual(0);
      expect(flush).toBeGreaterThan(group);
      // A group with nothing to make durable (a conflict) needs no flush.
      spy.mockClear();
      await expect(target.store.append(uniqueStream('f'), [newEvent()], 3)).rejects.toThrow();
      expect(sent().some((q) => q.includes('pg_logical_emit_message'))).toBe(false);
    } finally {
      spy.mockRestore();
      await client.end();
      await target.teardown();
    }
  });

  it('fails only the append whose data the database refuses, never the others of its group', async () => {
    const target = await openPostgres('es_bad_data');
    try {
      const stream = uniqueStream('mixed');
      // A NUL character is valid JSON but not storable in jsonb: the database refuses it.
      const bad = { ...newEvent(), data: { text: 'nul \u0000 here' } };
      const appends = Array.from({ length: 40 }, (_, i) =>
        target.store.append(`${stream}-${i}`, [i === 20 ? bad : newEvent()], 'no_stream'),
      );
      const settled = await Promise.allSettled(appends);
      const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [i] : []));
      expect(failed).toEqual([20]);
      expect(await target.store.headPosition()).toBe(39);
      const groups = (target.store as PostgresEventStore).appendGroupStats();
      // The appends went in groups of more than one (else this test proves nothing).
      expect(groups.meanGroupSize).toBeGreaterThan(1);
    } finally {
      await target.teardown();
    }
  });
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
    await withClient('es_sql', async (client) => {
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
    });
  });
});
