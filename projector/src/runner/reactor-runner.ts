import { decodeEvent, type EventStore, type Notifier } from '@nocturne/events';
import pg from 'pg';
import type { Reactor, ReactorContext } from './reactor';
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

  constructor(private readonly options: ReactorRunnerOptions) {
    this.pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
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

  /** Runs each reactor over its next batch; returns how many events were read in all. */
  async step(): Promise<number> {
    let read = 0;
    for (const reactor of this.options.reactors) {
      const { rows } = await this.pool.query<{ position: string }>(
        'select position from reactors.checkpoints where name = $1',
        [reactor.name],
      );
      const from = Number(rows[0]?.position ?? 0);
      const batch = await this.options.store.readAll(from, this.options.batchSize ?? 100);
      read += batch.length;
      const handles = new Set<string>(reactor.handles);
      for (const stored of batch) {
        if (handles.has(stored.type)) await reactor.react(decodeEvent(stored), this.options.context);
        await this.pool.query('update reactors.checkpoints set position = $2 where name = $1', [
          reactor.name,
          stored.position,
        ]);
      }
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
