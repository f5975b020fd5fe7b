import { decodeEvent } from '@nocturne/events';
import type { EventStore, StoredEvent } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import { createPool } from '@nocturne/pg-kit';
import type pg from 'pg';
import type { Mailer } from '../mail/mailer';
import { failureReason } from './failure';
import type { Reactor, ReactorContext } from './reactor';
import { defaultRetryPolicy, type RetryPolicy, reactorFailuresSql, retryDelayMs } from './reactor-failures';
import { REACTOR_LOCK } from './read-model-lock';
import { WakeableLoop } from './wakeable-loop';

/**
 * Reactor checkpoints live in their own schema, never touched by a read-model rebuild, so a
 * rebuild cannot re-send a mail. A new reactor starts from the store's head at the time it is
 * first seen: deploying one does not mail the whole history.
 */
export const reactorSchemaSql = `
create schema if not exists reactors;
create table if not exists reactors.checkpoints (name text primary key, position bigint not null);`;

export interface ReactorRunnerOptions {
  store: EventStore;
  databaseUrl: string;
  reactors: readonly Reactor[];
  context: ReactorContext;
  notifier?: Notifier | undefined;
  batchSize?: number;
  /** Temporary failures: how often and how far apart they are tried again. */
  retry?: Partial<RetryPolicy>;
  /** Failure lines: the reactor, the event's position, type and stream, the kind of failure. */
  log?: (line: string) => void;
}

/** What one step did: whether any checkpoint or retry moved, and whether more is waiting. */
interface StepOutcome {
  moved: boolean;
  more: boolean;
}

interface FailureRow {
  position: string;
  attempts: number;
}

/**
 * Mail is not urgent: while caught up, a pass starts at most this often however many "appended"
 * hints come. Under a stream of likes every append group woke a pass (six round trips, for
 * nothing to send), competing with the projector and the requests for the CPU.
 */
const WAKE_GAP_MS = 100;

/** An event as the log names it: position, type and stream (a user's is keyed, no address). */
const describeEvent = (stored: StoredEvent) =>
  `event at position ${stored.position} (${stored.type}, stream ${stored.streamName})`;

export class ReactorRunner {
  private readonly pool: pg.Pool;
  private readonly loop: WakeableLoop;
  private unsubscribe: (() => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly retry: RetryPolicy;
  private readonly log: (line: string) => void;
  private readonly batchSize: number;
  /** Every type some reactor handles: what a pass reads of the log. */
  private readonly handled: string[];
  /** Each reactor by its name, with the set of its types. */
  private readonly byName: Map<string, { reactor: Reactor; handles: ReadonlySet<string> }>;
  /** The reactors' names, a parameter of every pass's statement: made once, not on each pass. */
  private readonly names: string[];

  constructor(private readonly options: ReactorRunnerOptions) {
    this.retry = { ...defaultRetryPolicy, ...options.retry };
    this.batchSize = options.batchSize ?? 100;
    this.handled = [...new Set(options.reactors.flatMap((r) => r.handles))];
    this.byName = new Map(
      options.reactors.map((reactor) => [reactor.name, { reactor, handles: new Set(reactor.handles) }]),
    );
    this.names = [...this.byName.keys()];
    this.log = options.log ?? ((line) => console.error(`[reactor] ${line}`));
    this.pool = createPool({ connectionString: options.databaseUrl, max: 2 });
    this.loop = new WakeableLoop(
      () => this.pass(),
      2000,
      (error) => console.error('[reactor]', error),
      WAKE_GAP_MS,
    );
  }

  async init(): Promise<void> {
    // Several projector processes start side by side: one creates the schema, the others wait
    // for it (two CREATE ... IF NOT EXISTS at once can still collide).
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [REACTOR_LOCK]);
      await client.query(reactorSchemaSql);
      await client.query(reactorFailuresSql);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    const head = await this.options.store.headPosition();
    for (const reactor of this.options.reactors) {
      await this.pool.query(
        'insert into reactors.checkpoints (name, position) values ($1, $2) on conflict (name) do nothing',
        [reactor.name, head],
      );
    }
  }

  /**
   * Runs each reactor over its next batch (nothing moves while another process is reacting).
   * Calls never overlap: `drain()` beside the running loop waits for the loop's batch instead of
   * reading the same checkpoint and mailing twice.
   */
  step(): Promise<StepOutcome> {
    const run = this.queue.then(() => this.stepAlone());
    this.queue = run.catch(() => {});
    return run;
  }

  private async stepAlone(): Promise<StepOutcome> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      // One reacting process at a time (a second projector, or an old one during a deploy):
      // the other skips its turn and polls again.
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        REACTOR_LOCK,
      ]);
      if (!rows[0]?.locked) return { moved: false, more: false };
      try {
        return await this.reactAll(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [REACTOR_LOCK]);
      }
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken); // a connection that failed is closed, and its lock with it
    }
  }

  /**
   * One pass over every reactor, in a fixed number of statements however many reactors there
   * are: their checkpoints in one read, their due retries in one, the log read once for every
   * type any of them handles (from the lowest checkpoint; each reactor takes the events of its
   * types above its own), and the checkpoints that only moved past events of no interest in one
   * write. Under a stream of likes a pass runs every WAKE_GAP_MS and finds nothing to send: what
   * it costs is its statements, each a round trip to the database.
   */
  private async reactAll(client: pg.PoolClient): Promise<StepOutcome> {
    const { names } = this;
    if (names.length === 0) return { moved: false, more: false };
    const { rows } = await client.query<{ name: string; position: string }>(
      'select name, position from reactors.checkpoints where name = any($1)',
      [names],
    );
    const checkpoints = new Map(rows.map((r) => [r.name, Number(r.position)]));
    const retried = await this.retryDue(client);
    const lowest = Math.min(...names.map((name) => checkpoints.get(name) ?? 0));
    // Only the events they handle: under a stream of likes, reading and parsing every like for
    // the mail reactors would be a sizeable share of the server's CPU per like.
    const read = await this.options.store.readTypes(lowest, this.batchSize, this.handled);
    const passed: { name: string; position: number }[] = [];
    let moved = retried > 0;
    for (const { reactor, handles } of this.byName.values()) {
      const from = checkpoints.get(reactor.name) ?? 0;
      let saved = from;
      for (const stored of read.events) {
        if (stored.position <= from || !handles.has(stored.type)) continue;
        const error = await this.attempt(reactor, stored);
        // A failure is recorded (to try again, or as refused) and the checkpoint moves on: the
        // next event's mail does not wait for this one.
        if (error !== undefined) await this.recordFailure(client, reactor, stored, 1, error);
        // Right after the effect: a crash can repeat at most this one effect.
        await this.save(client, [{ name: reactor.name, position: stored.position }]);
        saved = stored.position;
      }
      if (read.through > saved) passed.push({ name: reactor.name, position: read.through });
      moved ||= read.through > from;
    }
    await this.save(client, passed);
    return { moved, more: retried === this.batchSize || !read.atHead };
  }

  /** Moves reactors' checkpoints, in one statement. */
  private async save(client: pg.PoolClient, moves: readonly { name: string; position: number }[]) {
    if (moves.length === 0) return;
    await client.query(
      `update reactors.checkpoints c set position = m.position
         from unnest($1::text[], $2::bigint[]) as m(name, position) where c.name = m.name`,
      [moves.map((m) => m.name), moves.map((m) => m.position)],
    );
  }

  /** Reacts to one event; the error when it failed. */
  private async attempt(reactor: Reactor, stored: StoredEvent): Promise<unknown> {
    const { context } = this.options;
    try {
      await reactor.react(decodeEvent(stored), {
        ...context,
        mailer: mailerForEvent(context.mailer, reactor.name, stored.eventId),
      });
      return undefined;
    } catch (error) {
      return error ?? new Error('unknown failure');
    }
  }

  /** Every reactor's temporary failures whose next attempt is due, oldest event first, tried again. */
  private async retryDue(client: pg.PoolClient): Promise<number> {
    const { rows } = await client.query<FailureRow & { reactor: string }>(
      `select reactor, position, attempts from reactors.failures
        where reactor = any($1) and state = 'retrying' and next_attempt_at <= $2
        order by position, reactor limit $3`,
      [this.names, new Date(), this.batchSize],
    );
    for (const row of rows) {
      const { reactor } = this.byName.get(row.reactor)!;
      const position = Number(row.position);
      const [stored] = await this.options.store.readAll(position - 1, 1);
      const attempts = row.attempts + 1;
      if (stored?.position !== position) {
        await this.setFailure(client, reactor, position, 'gave-up', attempts, 'event not found', null);
        continue;
      }
      const error = await this.attempt(reactor, stored);
      if (error === undefined) {
        await client.query('delete from reactors.failures where reactor = $1 and position = $2', [
          reactor.name,
          position,
        ]);
        this.log(`${reactor.name}: ${describeEvent(stored)} done on attempt ${attempts}`);
      } else {
        await this.recordFailure(client, reactor, stored, attempts, error);
      }
    }
    return rows.length;
  }

  private async recordFailure(
    client: pg.PoolClient,
    reactor: Reactor,
    stored: StoredEvent,
    attempts: number,
    error: unknown,
  ): Promise<void> {
    const reason = reactor.describeFailure?.(error) ?? failureReason(error);
    const what = `${reactor.name}: ${describeEvent(stored)}`;
    if (reactor.isPermanentFailure?.(error)) {
      await this.setFailure(client, reactor, stored, 'refused', attempts, reason, null);
      this.log(`${what} refused permanently (${reason}); recorded and skipped`);
    } else if (attempts >= this.retry.maxAttempts) {
      await this.setFailure(client, reactor, stored, 'gave-up', attempts, reason, null);
      this.log(`${what} still failing after ${attempts} attempts (${reason}); given up`);
    } else {
      const delay = retryDelayMs(this.retry, attempts);
      await this.setFailure(
        client,
        reactor,
        stored,
        'retrying',
        attempts,
        reason,
        new Date(Date.now() + delay),
      );
      this.log(
        `${what} failed (${reason}), attempt ${attempts} of ${this.retry.maxAttempts}; next in ${Math.ceil(delay / 1000)} s`,
      );
    }
  }

  private async setFailure(
    client: pg.PoolClient,
    reactor: Reactor,
    event: StoredEvent | number,
    state: 'retrying' | 'refused' | 'gave-up',
    attempts: number,
    reason: string,
    nextAttemptAt: Date | null,
  ): Promise<void> {
    const [position, type, stream] =
      typeof event === 'number' ? [event, '', ''] : [event.position, event.type, event.streamName];
    await client.query(
      `insert into reactors.failures (reactor, position, event_type, stream_name, state, attempts, reason, next_attempt_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (reactor, position) do update set state = excluded.state, attempts = excluded.attempts,
         reason = excluded.reason, next_attempt_at = excluded.next_attempt_at, updated_at = now()`,
      [reactor.name, position, type, stream, state, attempts, reason, nextAttemptAt],
    );
  }

  /** The loop's round: a step, reported as idle unless it stopped short of the head (more is waiting). */
  private async pass(): Promise<number> {
    const { more } = await this.step();
    return more ? 1 : 0;
  }

  /** Reacts to everything up to the store's head (tests). */
  async drain(): Promise<void> {
    while ((await this.step()).moved) {}
  }

  start(): void {
    this.unsubscribe = this.options.notifier?.onAppended(() => this.loop.wake());
    this.loop.start();
  }

  /** Stops reacting until the next start() (a projector that stands by). */
  async pause(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.loop.stop();
  }

  async stop(): Promise<void> {
    await this.pause();
    await this.pool.end();
  }
}

/**
 * The mailer a reactor gets for one event: each mail it sends has a Message-ID made of the
 * event's id, the reactor's name and the mail's place among the event's mails. Delivery is at
 * least once (a crash after the relay took a mail but before the checkpoint moved sends it again,
 * from whichever process reacts next), so a mail sent again is the same message, by the identity
 * RFC 5322 gives a message, for the mail systems that keep one copy of it (a retry after a
 * failure the relay reported is the same message too).
 */
function mailerForEvent(mailer: Mailer, reactor: string, eventId: string): Mailer {
  let sent = 0;
  return { send: (message) => mailer.send({ ...message, messageId: `${eventId}.${reactor}.${sent++}` }) };
}
