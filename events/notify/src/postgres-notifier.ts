import { createClient, createPool } from '@nocturne/pg-kit';
import type pg from 'pg';
import { ChannelNotifier, type Notifier } from './notifier';

/**
 * The fallback when NATS_URL is unset: LISTEN/NOTIFY on the database every service shares.
 * `es_appended` is also raised by the Postgres event store's append function itself.
 */
export class PostgresNotifier extends ChannelNotifier implements Notifier {
  readonly kind = 'postgres' as const;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private listener: pg.Client,
    private readonly connectionString: string,
    private readonly channel: string,
  ) {
    super();
  }

  static async connect(connectionString: string, channelPrefix = 'nocturne'): Promise<PostgresNotifier> {
    const pool = createPool({ connectionString, max: 2 });
    const notifier = new PostgresNotifier(
      pool,
      createClient({ connectionString }),
      connectionString,
      channelPrefix,
    );
    await notifier.listen();
    return notifier;
  }

  private async listen(): Promise<void> {
    const client = this.listener;
    client.on('notification', (message) => {
      const position = Number(message.payload);
      if (!Number.isFinite(position)) return;
      if (message.channel === 'es_appended' || message.channel === `${this.channel}_appended`) {
        this.appended.emit(position);
      } else if (message.channel === `${this.channel}_projected`) {
        this.projected.emit(position);
      }
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(
      `listen es_appended; listen ${this.channel}_appended; listen ${this.channel}_projected`,
    );
  }

  /** The next wait before listening again: 250 ms doubling to 10 s, reset once listening. */
  private retryMs = 250;
  private reconnecting = false;

  /**
   * The listening connection is gone (PostgreSQL restarted, or is down): listen again with
   * back-off, so an outage costs a few attempts, not a storm of them. Wake-ups lost meanwhile
   * are covered by the pollers' own intervals.
   */
  private lost(client: pg.Client): void {
    // Only the current listener's loss counts: an old one ending late must not end the new one.
    if (this.closed || this.reconnecting || client !== this.listener) return;
    this.reconnecting = true;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    setTimeout(() => {
      this.reconnecting = false;
      if (this.closed) return;
      this.listener = createClient({ connectionString: this.connectionString });
      this.listen().then(
        () => {
          this.retryMs = 250;
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 10_000);
          this.lost(this.listener);
        },
      );
    }, this.retryMs).unref();
  }

  protected send(suffix: 'appended' | 'projected', position: number): void {
    this.pool
      .query('select pg_notify($1, $2)', [`${this.channel}_${suffix}`, String(position)])
      .catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener.end().catch(() => {});
    await this.pool.end().catch(() => {});
  }
}
