import { Listeners, type Notifier } from './notifier';

/** Wake-up hints inside one process, for unit tests: what is published reaches this notifier's listeners. */
export class MemoryNotifier implements Notifier {
  readonly kind = 'memory' as const;
  private readonly appended = new Listeners();
  private readonly projected = new Listeners();

  publishAppended(position: number): void {
    this.appended.emit(position);
  }
  publishProjected(position: number): void {
    this.projected.emit(position);
  }
  onAppended(listener: (position: number) => void): () => void {
    return this.appended.add(listener);
  }
  onProjected(listener: (position: number) => void): () => void {
    return this.projected.add(listener);
  }
  async close(): Promise<void> {}
}
