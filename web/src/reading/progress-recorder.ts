/** At most one progress write per this many milliseconds while the reader scrolls. */
export const PROGRESS_INTERVAL_MS = 3000;

/**
 * Debounces the slide a reader is on into few writes: the first change starts a timer, and when
 * it fires only the latest slide is sent (and only if it is not the one sent last).
 *
 * One write at a time: two places in flight at once can reach the server in either order, and the
 * older one would win. A write that falls due while another is unanswered waits for its answer,
 * and then sends the latest slide. `flush` (leaving the reader) waits the same way; `leave` (the
 * page going away) cannot wait, since nothing of the page runs after it: the places carry their
 * page's order for that (./use-record-progress.ts), and the server keeps the later of the two.
 *
 * @example
 * const recorder = new ProgressRecorder((slide, keepalive) => recordProgress(id, { slide }, keepalive), 0);
 * recorder.seen(2); // sent within PROGRESS_INTERVAL_MS, after any write still unanswered
 */
export class ProgressRecorder {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: number | undefined;
  /** Writes sent and not answered yet: more than one only after `leave`. */
  private unanswered = 0;
  /** A write fell due while another was unanswered; `keepalive` if it was the last one. */
  private waiting: { keepalive: boolean } | undefined;

  constructor(
    /** Settles when the server has answered (or the write failed). */
    private readonly send: (slide: number, keepalive: boolean) => Promise<unknown>,
    /** The slide already stored (where the reader resumed): not written again. */
    private sent: number | undefined,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  seen(slide: number): void {
    this.pending = slide;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.write(false);
    }, this.intervalMs);
  }

  /** Sends what is pending now, or as soon as the write in flight answers; with `keepalive`. */
  flush(): void {
    this.stopTimer();
    this.write(true);
  }

  /** The page is going away: sends what is pending at once, with `keepalive` so it survives. */
  leave(): void {
    this.stopTimer();
    this.write(true, true);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private write(keepalive: boolean, now = false): void {
    const slide = this.pending;
    if (slide === undefined || slide === this.sent) return;
    if (this.unanswered > 0 && !now) {
      this.waiting = { keepalive: keepalive || (this.waiting?.keepalive ?? false) };
      return;
    }
    this.sent = slide;
    this.unanswered += 1;
    this.send(slide, keepalive)
      .catch(() => {}) // a lost place is not worth an error: the next write brings it
      .finally(() => {
        this.unanswered -= 1;
        const waiting = this.waiting;
        if (!waiting || this.unanswered > 0) return;
        this.waiting = undefined;
        this.write(waiting.keepalive);
      });
  }
}
