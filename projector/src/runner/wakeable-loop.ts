/**
 * Runs `work` repeatedly. While work returns > 0 (it did something) it runs again at once;
 * when idle it sleeps with exponential back-off (50 ms doubling to `maxIdleMs`) unless woken
 * early by `wake()` (a NATS or NOTIFY hint), though no sooner than `wakeGapMs` after the
 * previous round began. Errors back off too and are reported, so a database or broker outage
 * slows the loop down instead of killing it.
 */
export class WakeableLoop {
  private running = false;
  private done: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(
    private readonly work: () => Promise<number>,
    /** The longest idle sleep; a function when it depends on the moment (hints down or not). */
    private readonly maxIdleMs: number | (() => number) = 2000,
    private readonly onError: (error: unknown) => void = (error) => console.error('[projector]', error),
    /**
     * Least time from the start of a round that found nothing to the round a hint starts: for
     * work that is not urgent, so that a stream of hints (an append group's each) costs one
     * round per gap rather than one per hint. Rounds that found work still follow at once.
     */
    private readonly wakeGapMs = 0,
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
      const began = Date.now();
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
      if (!this.woken) {
        // The cap may have dropped since the sleep grew (hints went down): never sleep past it.
        const cap = typeof this.maxIdleMs === 'function' ? this.maxIdleMs() : this.maxIdleMs;
        idle = Math.min(idle, cap);
        await this.sleep(idle, () => true);
      }
      if (this.woken) {
        this.woken = false;
        idle = 50;
        // The rest of the gap, whatever hints come meanwhile (they are remembered); only stop() ends it.
        const rest = began + this.wakeGapMs - Date.now();
        if (rest > 0) await this.sleep(rest, () => !this.running);
      } else {
        idle = Math.min(idle * 2, typeof this.maxIdleMs === 'function' ? this.maxIdleMs() : this.maxIdleMs);
      }
    }
  }

  /** Sleeps `ms`, or until a wake() for which `ends()` holds. */
  private async sleep(ms: number, ends: () => boolean): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        if (!ends()) return;
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = undefined;
  }
}
