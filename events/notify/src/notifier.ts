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
