import { randomBytes, randomUUID } from 'node:crypto';
import { createPool } from '@nocturne/events/pg';
import { PostgresEventStore } from '@nocturne/events/store/postgres';
import pg from 'pg';

export interface AppendThroughput {
  appendsPerSecond: number;
  insertsPerSecond: number;
  /** appendsPerSecond / insertsPerSecond: what the store's global order costs. */
  ratio: number;
}

export interface AppendThroughputOptions {
  /** Concurrent writers on each side (default 8). */
  writers?: number;
  /** Measured seconds on each side, split over two alternating rounds (default 6). */
  seconds?: number;
  /** Streams each writer appends to, round-robin (default 50). */
  streamsPerWriter?: number;
}

/** The same shape as es_events, with positions from a sequence instead of the store's lock. */
const plainTableSql = `
create table bench_plain_events (
  position bigserial primary key,
  event_id uuid not null unique,
  stream_name text not null,
  stream_revision bigint not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default clock_timestamp(),
  unique (stream_name, stream_revision)
)`;

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

/**
 * Appends per second through the PostgreSQL event store (single-event appends with exact
 * expected revisions, `writers` at once, to many streams) beside plain INSERTs per second of
 * the same rows into a table of the same shape, with the same concurrency, in one run on the
 * same server. It works in a database of its own, created here and dropped at the end.
 * The two sides alternate in two rounds, so a change in machine load hits both alike.
 */
export async function benchAppendThroughput(
  databaseUrl: string,
  log: (line: string) => void,
  options: AppendThroughputOptions = {},
): Promise<AppendThroughput> {
  const writers = options.writers ?? 8;
  const seconds = options.seconds ?? 6;
  const streamsPerWriter = options.streamsPerWriter ?? 50;
  const name = `nt_bench_append_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;

  let store: PostgresEventStore | undefined;
  const pool = createPool({ connectionString: url.toString(), max: writers });
  try {
    store = await PostgresEventStore.connect({ connectionString: url.toString(), poolSize: writers });
    await pool.query(plainTableSql);
    const appendStore = store;

    const appendCursors = Array.from(
      { length: writers },
      (_, w) => new StreamCursor(`append-${w}`, streamsPerWriter),
    );
    const insertCursors = Array.from(
      { length: writers },
      (_, w) => new StreamCursor(`insert-${w}`, streamsPerWriter),
    );
    const append = async (writer: number) => {
      const { stream, expected } = appendCursors[writer]!.take();
      await appendStore.append(
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
        [
          randomUUID(),
          stream,
          expected + 1,
          'BenchInserted',
          JSON.stringify(payload.data),
          JSON.stringify(payload.metadata),
        ],
      );
    };

    // Warm-up: connections open, plans cached, both tables past their first pages.
    await timed(writers, 500, append);
    await timed(writers, 500, insert);

    const roundMs = (seconds * 1000) / 2;
    let appends = 0;
    let inserts = 0;
    for (let round = 0; round < 2; round++) {
      appends += await timed(writers, roundMs, append);
      inserts += await timed(writers, roundMs, insert);
    }
    const measuredSeconds = seconds;
    const appendsPerSecond = Math.round(appends / measuredSeconds);
    const insertsPerSecond = Math.round(inserts / measuredSeconds);
    const ratio = insertsPerSecond === 0 ? 0 : appendsPerSecond / insertsPerSecond;

    const { rows } = await pool.query<{ events: string; gaps: string }>(
      'select count(*) as events, max(position) - count(*) as gaps from es_events',
    );
    if (Number(rows[0]!.gaps) !== 0) throw new Error('the store left gaps in its positions during the bench');
    log(
      `append throughput (${writers} writers, single-event appends to ${writers * streamsPerWriter} streams, ${seconds} s each side): ` +
        `${appendsPerSecond.toLocaleString('en')} appends/s through the PostgreSQL store vs ` +
        `${insertsPerSecond.toLocaleString('en')} plain INSERTs/s into a same-shaped table = ${(ratio * 100).toFixed(1)}% ` +
        `(ratio ${ratio.toFixed(3)}; ${Number(rows[0]!.events).toLocaleString('en')} events stored, positions gap-free)`,
    );
    return { appendsPerSecond, insertsPerSecond, ratio };
  } finally {
    await store?.close().catch(() => {});
    await pool.end().catch(() => {});
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await cleanup.end();
    }
  }
}
