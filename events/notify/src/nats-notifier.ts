import { connect, type NatsConnection } from 'nats';
import { Listeners, type Notifier } from './notifier';

/** Subjects are `<prefix>.appended` and `<prefix>.projected`; tests use a unique prefix. */
export class NatsNotifier implements Notifier {
  readonly kind = 'nats' as const;
  private readonly appended = new Listeners();
  private readonly projected = new Listeners();
  /** Connected to the server: between a 'disconnect' and the 'reconnect' after it, nothing gets through. */
  private connected = true;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {
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
    return new NatsNotifier(nc, prefix);
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

  private publish(subject: string, position: number): void {
    // A hint: when NATS is down the publish is dropped and listeners fall back to polling.
    if (this.nc.isClosed()) return;
    try {
      this.nc.publish(`${this.prefix}.${subject}`, String(position));
    } catch {}
  }

  publishAppended(position: number): void {
    this.publish('appended', position);
  }
  publishProjected(position: number): void {
    // This process's listeners (the query side beside the projector) hear it at once, not after
    // the NATS round trip; they hear it again from there and ignore a position already heard.
    this.projected.emit(position);
    this.publish('projected', position);
  }
  onAppended(listener: (position: number) => void): () => void {
    return this.appended.add(listener);
  }
  onProjected(listener: (position: number) => void): () => void {
    return this.projected.add(listener);
  }
  async close(): Promise<void> {
    await this.nc.drain().catch(() => {});
  }
}
