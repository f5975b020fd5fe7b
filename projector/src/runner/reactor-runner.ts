import { decodeEvent } from '@nocturne/events';
import type { Notifier } from '@nocturne/events/notify';
import { createPool } from '@nocturne/events/pg';
import type { EventStore } from '@nocturne/events/store';
import type pg from 'pg';
import type { Reactor, ReactorContext } from './reactor';
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
}

export class ReactorRunner {
  private readonly pool: pg.Pool;
  private readonly loop: WakeableLoop;
  private unsubscribe: (() => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ReactorRunnerOptions) {
    this.pool = createPool({ connectionString: options.databaseUrl, max: 2 });
    this.loop = new WakeableLoop(
      () => this.step(),
      2000,
      (error) => console.error('[reactor]', error),
    );
  }

  async init(): Promise<void> {
    await this.pool.query(reactorSchemaSql);
    const head = await this.options.store.headPosition();
    for (const reactor of this.options.reactors) {
      await this.pool.query(
        'insert into reactors.checkpoints (name, position) values ($1, $2) on conflict (name) do nothing',
        [reactor.name, head],
      );
    }
  }

  /**
   * Runs each reactor over its next batch; returns how many events were read in all (0 also when
   * another process is reacting right now). Calls never overlap: `drain()` beside the running
   * loop waits for the loop's batch instead of reading the same checkpoint and mailing twice.
   */
  step(): Promise<number> {
    const run = this.queue.then(() => this.stepAlone());
    this.queue = run.catch(() => {});
    return run;
  }

  private async stepAlone(): Promise<number> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      // One reacting process at a time (a second projector, or an old one during a deploy):
      // the other skips its turn and polls again.
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        REACTOR_LOCK,
      ]);
      if (!rows[0]?.locked) return 0;
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

  private async reactAll(client: pg.PoolClient): Promise<number> {
    let read = 0;
    for (const reactor of this.options.reactors) {
      const { rows } = await client.query<{ position: string }>(
        'select position from reactors.checkpoints where name = $1',
        [reactor.name],
      );
      const from = Number(rows[0]?.position ?? 0);
      const batch = await this.options.store.readAll(from, this.options.batchSize ?? 100);
      read += batch.length;
      const handles = new Set<string>(reactor.handles);
      const save = (position: number) =>
        client.query('update reactors.checkpoints set position = $2 where name = $1', [
          reactor.name,
          position,
        ]);
      for (const stored of batch) {
        if (!handles.has(stored.type)) continue;
        await reactor.react(decodeEvent(stored), this.options.context);
        // Right after the effect: a crash can repeat at most this one effect.
        await save(stored.position);
      }
      const last = batch.at(-1);
      if (last) await save(last.position);
    }
    return read;
  }

  /** Reacts to everything up to the store's head (tests). */
  async drain(): Promise<void> {
    while ((await this.step()) > 0) {}
  }

  start(): void {
    this.unsubscribe = this.options.notifier?.onAppended(() => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
    await this.pool.end();
  }
}
