import { createClient } from '@nocturne/pg-kit';
import type pg from 'pg';

export type LeadershipState = 'standby' | 'leading' | 'stopped';

export interface LeadershipOptions {
  databaseUrl: string;
  lockKey: number;
  /** Called when this process takes the lead. */
  lead: () => void | Promise<void>;
  /** Called when this process loses the lead (its lock connection failed) or stops leading. */
  standBy: () => void | Promise<void>;
  /** How often a standby tries to take the lead, and how often a leader checks its lock (ms). */
  pollMs?: number;
  log?: (line: string) => void;
  onChange?: (state: LeadershipState) => void;
}

const DEFAULT_POLL_MS = 1000;

/**
 * Which of several projector processes works: the one holding a session lock
 * (PROJECTOR_LEADER_LOCK, read-model-lock.ts). The others
 * stand by and try to take it every `pollMs`; PostgreSQL releases it the moment the leader's
 * connection ends (a process killed, a machine gone once TCP keepalive gives up).
 *
 * Leadership is for speed, not for safety: a leader cut off from its lock connection may still
 * finish a batch, and that is harmless, because every projection batch moves its checkpoint by
 * compare-and-set in the batch's own transaction and the reactors take REACTOR_LOCK for each
 * step. What the lock buys is that standbys do no work and read nothing while the leader is
 * alive, and that one takes over within `pollMs` when it dies.
 *
 * @example
 *   const leadership = new Leadership({
 *     databaseUrl,
 *     lockKey: PROJECTOR_LEADER_LOCK,
 *     lead: () => { projector.start(); reactors.start(); },
 *     standBy: async () => { await projector.stop(); await reactors.pause(); },
 *   });
 *   leadership.start();
 */
export class Leadership {
  private stateNow: LeadershipState = 'standby';
  private client: pg.Client | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: LeadershipOptions) {
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.log = options.log ?? ((line) => console.error(`[projector] ${line}`));
  }

  get state(): LeadershipState {
    return this.stateNow;
  }

  /** Starts; resolves once the first try has made this process the leader or a standby. */
  start(): Promise<void> {
    return new Promise((resolve) => {
      this.running ??= this.run(resolve);
    });
  }

  /** Stops leading (or standing by) and releases the lock. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
    this.setState('stopped');
  }

  private setState(state: LeadershipState): void {
    if (state === this.stateNow) return;
    this.stateNow = state;
    this.options.onChange?.(state);
  }

  private async run(tried: () => void): Promise<void> {
    while (!this.stopping) {
      let broken = false;
      try {
        if (await this.tryLock()) {
          this.setState('leading');
          this.log('leading: this process projects and reacts');
          await this.options.lead();
          tried();
          await this.holdWhileAlive();
        }
      } catch (error) {
        broken = true;
        this.log(`leadership: ${error instanceof Error ? error.message : String(error)}`);
      }
      tried();
      if (this.stateNow === 'leading') {
        this.setState('standby');
        await this.options.standBy();
        if (!this.stopping) this.log('the lead was lost: standing by');
      }
      // A standby keeps its connection for the next try; a lost lead or a failure starts afresh.
      if (broken || this.stopping) await this.closeClient();
      if (!this.stopping) await this.sleep(this.pollMs);
    }
  }

  /** Tries the lock on this process's own connection (opened when missing). */
  private async tryLock(): Promise<boolean> {
    if (!this.client) {
      const client = createClient({
        connectionString: this.options.databaseUrl,
        keepAlive: true,
        connectionTimeoutMillis: this.pollMs * 5,
        query_timeout: this.pollMs * 5,
        application_name: 'nocturne-projector-leadership',
      });
      // A broken connection is noticed by the next query; the error event must not crash us.
      client.on('error', () => {});
      this.client = client;
      await client.connect();
    }
    const { rows } = await this.client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [this.options.lockKey],
    );
    return rows[0]?.locked === true;
  }

  /** While leading: checks every `pollMs` that the lock's connection still answers. */
  private async holdWhileAlive(): Promise<void> {
    while (!this.stopping) {
      await this.sleep(this.pollMs);
      if (this.stopping) return;
      await this.client?.query('select 1');
    }
  }

  private async closeClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    // Ending the session releases the lock (an unlock first would be a round trip for nothing).
    await client?.end().catch(() => {});
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
