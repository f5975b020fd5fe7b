/** At most one progress write per this many milliseconds while the reader scrolls. */
export const PROGRESS_INTERVAL_MS = 3000;

/**
 * Debounces the slide a reader is on into few writes: the first change starts a timer, and when
 * it fires only the latest slide is sent (and only if it is not the one sent last). `flush` sends
 * what is pending at once: on leaving the page, with `keepalive` so the write survives it.
 */
export class ProgressRecorder {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: number | undefined;

  constructor(
    private readonly send: (slide: number, keepalive: boolean) => void,
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

  flush(keepalive: boolean): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.write(keepalive);
  }

  private write(keepalive: boolean): void {
    const slide = this.pending;
    if (slide === undefined || slide === this.sent) return;
    this.sent = slide;
    this.send(slide, keepalive);
  }
}
