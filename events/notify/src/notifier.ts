/**
 * Wake-up hints between services: "appended up to P" (command side -> projector) and
 * "projected up to P" (projector -> query side). A hint only: every listener also polls,
 * so a lost or absent message costs latency, never correctness.
 */
export interface Notifier {
  readonly kind: 'nats' | 'postgres' | 'memory';
  publishAppended(position: number): void;
  /** Heard by this notifier's own listeners before it returns, and by the others' later. */
  publishProjected(position: number): void;
  onAppended(listener: (position: number) => void): () => void;
  onProjected(listener: (position: number) => void): () => void;
  /**
   * False while hints are known not to get through (the broker is unreachable): a listener
   * should poll more often meanwhile. Absent: always delivering, as far as anyone knows.
   */
  delivering?(): boolean;
  close(): Promise<void>;
}

/** Fan-out of one subject's messages to in-process listeners. */
export class Listeners {
  private readonly set = new Set<(position: number) => void>();
  add(listener: (position: number) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(position: number): void {
    for (const listener of this.set) listener(position);
  }
}

/**
 * A notifier over a channel between processes (NATS, LISTEN/NOTIFY): a hint goes out over the
 * channel, and comes back from it to every process's listeners, this one's included.
 */
export abstract class ChannelNotifier {
  protected readonly appended = new Listeners();
  protected readonly projected = new Listeners();

  /** Sends the hint over the channel; dropped when the channel is down (the listeners poll). */
  protected abstract send(kind: 'appended' | 'projected', position: number): void;

  publishAppended(position: number): void {
    this.send('appended', position);
  }
  publishProjected(position: number): void {
    // This process's listeners (the query side beside the projector) hear it at once, not after
    // the channel's round trip; they hear it again from there and ignore a position already heard.
    this.projected.emit(position);
    this.send('projected', position);
  }
  onAppended(listener: (position: number) => void): () => void {
    return this.appended.add(listener);
  }
  onProjected(listener: (position: number) => void): () => void {
    return this.projected.add(listener);
  }
}
