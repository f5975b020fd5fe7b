import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { eventColumnsSql } from '@nocturne/events/store/postgres/schema';
import { createPool } from '@nocturne/pg-kit';
import type pg from 'pg';
import { withBenchDatabase } from './bench-database';

/** One writer count: the store against the two baselines, all on one server and one pool size. */
export interface AppendThroughput {
  writers: number;
  appendsPerSecond: number;
  /** One INSERT per event into a table of es_events' shape, positions from a sequence. */
  insertsPerSecond: number;
  /** One transaction per event: INSERT the event and upsert its stream row (what a naive store does). */
  transactionsPerSecond: number;
  /** appendsPerSecond / insertsPerSecond: what the store's global order costs. */
  ratioToInserts: number;
  ratioToTransactions: number;
  /** Appends per group the store sent to the database (group commit at work). */
  meanGroupSize: number;
}

export interface AppendThroughputOptions {
  /** Writer counts to measure (default 8, 32, 128). */
  writers?: readonly number[];
  /** Measured seconds on each side and writer count, split over two alternating rounds (default 4). */
  seconds?: number;
  /** Connections of the store's pool and of the baselines' pool (default 16). */
  poolSize?: number;
  /** Streams each writer appends to, round-robin (default 50). */
  streamsPerWriter?: number;
}

/** The same shape as es_events and es_streams, with positions from a sequence instead of the store's lock. */
const plainTablesSql = `
create table bench_plain_events (
  position bigserial primary key,${eventColumnsSql}
);
create table bench_plain_streams (stream_name text primary key, revision bigint not null);`;

const payload = {
  data: { storyId: 'bench-story', note: 'x'.repeat(64) },
  metadata: {
    correlationId: 'bench',
    causationId: 'bench',
    actor: { kind: 'system' },
    schemaVersion: 1,
  },
};

/** A writer's next stream and revision: single-event appends spread over its own streams. */
class StreamCursor {
  private readonly revisions: number[];
  private next = 0;
  constructor(
    private readonly prefix: string,
    streams: number,
  ) {
    this.revisions = Array.from({ length: streams }, () => -1);
  }
  take(): { stream: string; expected: number } {
    const index = this.next;
    this.next = (this.next + 1) % this.revisions.length;
    const expected = this.revisions[index]!;
    this.revisions[index] = expected + 1;
    return { stream: `${this.prefix}-${index}`, expected };
  }
}

/** Runs `writers` loops of `operation` for `ms`; returns how many operations completed. */
async function timed(
  writers: number,
  ms: number,
  operation: (writer: number) => Promise<void>,
): Promise<number> {
  const until = Date.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (Date.now() < until) {
        await operation(writer);
        done += 1;
      }
    }),
  );
  return done;
}

function cursors(label: string, writers: number, streams: number): StreamCursor[] {
  return Array.from({ length: writers }, (_, w) => new StreamCursor(`${label}-${w}`, streams));
}

const row = (stream: string, revision: number, type: string) => [
  randomUUID(),
  stream,
  revision,
  type,
  JSON.stringify(payload.data),
  JSON.stringify(payload.metadata),
];

/** One transaction: the event row and its stream's row, as a store without group commit would. */
async function insertWithStream(pool: pg.Pool, stream: string, revision: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into bench_plain_events (event_id, stream_name, stream_revision, type, data, metadata)
       values ($1, $2, $3, $4, $5, $6)`,
      row(stream, revision, 'BenchTransacted'),
    );
    await client.query(
      `insert into bench_plain_streams (stream_name, revision) values ($1, $2)
       on conflict (stream_name) do update set revision = excluded.revision`,
      [stream, revision],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Appends per second through the PostgreSQL event store (single-event appends with exact
 * expected revisions, `writers` at once, to many streams) beside, with the same writers, the
 * same pool size, on the same server in one run: plain INSERTs of the same rows into a table
 * of the same shape, and transactions that insert the event and upsert its stream row. The
 * three sides alternate in two rounds, so a change in machine load hits them alike. Each writer
 * count works in a database of its own, created here and dropped at the end.
 */
export async function benchAppendThroughput(
  databaseUrl: string,
  log: (line: string) => void,
  options: AppendThroughputOptions = {},
): Promise<AppendThroughput[]> {
  const results: AppendThroughput[] = [];
  for (const writers of options.writers ?? [8, 32, 128]) {
    results.push(
      await withBenchDatabase(databaseUrl, 'append', (url) => measureWriters(url, writers, log, options)),
    );
  }
  return results;
}

async function measureWriters(
  url: string,
  writers: number,
  log: (line: string) => void,
  options: AppendThroughputOptions,
): Promise<AppendThroughput> {
  const seconds = options.seconds ?? 4;
  const poolSize = options.poolSize ?? 16;
  const streamsPerWriter = options.streamsPerWriter ?? 50;
  const store = await PostgresEventStore.connect({ connectionString: url, poolSize });
  const pool = createPool({ connectionString: url, max: poolSize });
  try {
    await pool.query(plainTablesSql);
    const appendCursors = cursors('append', writers, streamsPerWriter);
    const insertCursors = cursors('insert', writers, streamsPerWriter);
    const txCursors = cursors('tx', writers, streamsPerWriter);
    const append = async (writer: number) => {
      const { stream, expected } = appendCursors[writer]!.take();
      await store.append(
        stream,
        [{ eventId: randomUUID(), type: 'BenchAppended', ...payload }],
        expected === -1 ? 'no_stream' : expected,
      );
    };
    const insert = async (writer: number) => {
      const { stream, expected } = insertCursors[writer]!.take();
      await pool.query(
        `insert into bench_plain_events (event_id, stream_name, stream_revision, type, data, metadata)
         values ($1, $2, $3, $4, $5, $6)`,
        row(stream, expected + 1, 'BenchInserted'),
      );
    };
    const transact = async (writer: number) => {
      const { stream, expected } = txCursors[writer]!.take();
      await insertWithStream(pool, stream, expected + 1);
    };

    // Warm-up: connections open, plans cached, tables past their first pages.
    await timed(writers, 400, append);
    await timed(writers, 400, insert);
    await timed(writers, 400, transact);
    const groupsBefore = store.appendGroupStats();

    const roundMs = (seconds * 1000) / 2;
    let appends = 0;
    let inserts = 0;
    let transactions = 0;
    for (let round = 0; round < 2; round++) {
      appends += await timed(writers, roundMs, append);
      inserts += await timed(writers, roundMs, insert);
      transactions += await timed(writers, roundMs, transact);
    }
    const groupsAfter = store.appendGroupStats();
    const groups = groupsAfter.groups - groupsBefore.groups;
    const grouped =
      groupsAfter.meanGroupSize * groupsAfter.groups - groupsBefore.meanGroupSize * groupsBefore.groups;
    const perSecond = (n: number) => Math.round(n / seconds);
    const result: AppendThroughput = {
      writers,
      appendsPerSecond: perSecond(appends),
      insertsPerSecond: perSecond(inserts),
      transactionsPerSecond: perSecond(transactions),
      ratioToInserts: inserts === 0 ? 0 : appends / inserts,
      ratioToTransactions: transactions === 0 ? 0 : appends / transactions,
      meanGroupSize: groups === 0 ? 0 : grouped / groups,
    };

    const { rows } = await pool.query<{ events: string; gaps: string }>(
      'select count(*) as events, max(position) - count(*) as gaps from es_events',
    );
    if (Number(rows[0]!.gaps) !== 0) throw new Error('the store left gaps in its positions during the bench');
    const fmt = (n: number) => n.toLocaleString('en');
    log(
      `${String(writers).padStart(3)} writers (pool ${poolSize}, single-event appends to ${fmt(writers * streamsPerWriter)} streams, ${seconds} s each side): ` +
        `${fmt(result.appendsPerSecond)} appends/s vs ${fmt(result.insertsPerSecond)} plain INSERTs/s ` +
        `(ratio ${result.ratioToInserts.toFixed(2)}) vs ${fmt(result.transactionsPerSecond)} insert+upsert transactions/s ` +
        `(ratio ${result.ratioToTransactions.toFixed(2)}); mean group ${result.meanGroupSize.toFixed(1)} appends; ` +
        `${fmt(Number(rows[0]!.events))} events stored, positions gap-free`,
    );
    return result;
  } finally {
    await store.close().catch(() => {});
    await pool.end().catch(() => {});
  }
}
