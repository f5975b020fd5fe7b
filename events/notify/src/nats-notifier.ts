import { connect, type NatsConnection } from 'nats';
import { ChannelNotifier, type Listeners, type Notifier } from './notifier';

/** Subjects are `<prefix>.appended` and `<prefix>.projected`; tests use a unique prefix. */
export class NatsNotifier extends ChannelNotifier implements Notifier {
  readonly kind = 'nats' as const;
  /** Connected to the server: between a 'disconnect' and the 'reconnect' after it, nothing gets through. */
  private connected = true;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {
    super();
    this.pipe(`${prefix}.appended`, this.appended);
    this.pipe(`${prefix}.projected`, this.projected);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') this.connected = false;
        else if (status.type === 'reconnect') this.connected = true;
      }
    })();
  }

  delivering(): boolean {
    return this.connected && !this.nc.isClosed();
  }

  static async connect(url: string, prefix = 'nocturne'): Promise<NatsNotifier> {
    const nc = await connect({
      servers: url,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 2000,
    });
    const notifier = new NatsNotifier(nc, prefix);
    // The subscriptions are only sent by then; the server's answer to the flush's ping comes after
    // it has taken them, so a hint published anywhere once this resolves is heard.
    try {
      await nc.flush();
    } catch (error) {
      await nc.close().catch(() => {});
      throw error;
    }
    return notifier;
  }

  private pipe(subject: string, listeners: Listeners): void {
    const subscription = this.nc.subscribe(subject);
    void (async () => {
      for await (const message of subscription) {
        const position = Number(message.string());
        if (Number.isFinite(position)) listeners.emit(position);
      }
    })();
  }

  protected send(subject: 'appended' | 'projected', position: number): void {
    // A hint: when NATS is down the publish is dropped and listeners fall back to polling.
    if (this.nc.isClosed()) return;
    try {
      this.nc.publish(`${this.prefix}.${subject}`, String(position));
    } catch {}
  }

  async close(): Promise<void> {
    await this.nc.drain().catch(() => {});
  }
}
