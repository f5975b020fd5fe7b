/**
 * Runs `work` repeatedly. While work returns > 0 (it did something) it runs again at once;
 * when idle it sleeps with exponential back-off (50 ms doubling to `maxIdleMs`) unless woken
 * early by `wake()` (a NATS or NOTIFY hint). Errors back off too and are reported, so a
 * database or broker outage slows the loop down instead of killing it.
 */
export class WakeableLoop {
  private running = false;
  private done: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(
    private readonly work: () => Promise<number>,
    private readonly maxIdleMs = 2000,
    private readonly onError: (error: unknown) => void = (error) => console.error('[projector]', error),
  ) {}

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.done;
  }

  private async run(): Promise<void> {
    let idle = 50;
    while (this.running) {
      let did = 0;
      try {
        did = await this.work();
      } catch (error) {
        if (!this.running) break;
        this.onError(error);
      }
      if (did > 0) {
        idle = 50;
        continue;
      }
      if (this.woken) {
        this.woken = false;
        idle = 50;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idle);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
      if (this.woken) {
        this.woken = false;
        idle = 50;
      } else {
        idle = Math.min(idle * 2, this.maxIdleMs);
      }
    }
  }
}
