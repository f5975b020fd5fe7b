/**
 * A piece of the command side's own work, run every `pollMs` (the next round is timed from the
 * end of the last, so two rounds never overlap): the draft scheduler and the unlock returner.
 * A failed round is logged and the next one tries again.
 */
export class PollingJob {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private running = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly options: { pollMs: number; onError: (error: unknown) => void },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  /** No round starts after this; the one under way is awaited. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.round;
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.round = this.run()
        .then(() => undefined)
        .catch(this.options.onError)
        .finally(() => this.schedule());
    }, this.options.pollMs);
  }
}
