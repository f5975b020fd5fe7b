/**
 * A one-line progress bar on stderr (redrawn in place on a terminal, a line every few seconds
 * otherwise): done of total, the rate since the start and the time left at that rate.
 */
export class ProgressBar {
  private readonly started = performance.now();
  private drawnAt = 0;
  private done = 0;

  constructor(
    private readonly label: string,
    private total: number,
    private readonly unit = 'events',
  ) {}

  update(done: number, total = this.total): void {
    this.done = done;
    this.total = Math.max(total, 1);
    const now = performance.now();
    const everyMs = process.stderr.isTTY ? 200 : 5000;
    if (now - this.drawnAt >= everyMs) this.draw(now);
  }

  /** The last line, and the rate over the whole run. */
  finish(): { seconds: number; perSecond: number } {
    const now = performance.now();
    this.draw(now);
    if (process.stderr.isTTY) process.stderr.write('\n');
    const seconds = (now - this.started) / 1000;
    return { seconds, perSecond: this.done / Math.max(seconds, 1e-9) };
  }

  private draw(now: number): void {
    this.drawnAt = now;
    const seconds = (now - this.started) / 1000;
    const rate = this.done / Math.max(seconds, 1e-9);
    const share = Math.min(1, this.done / this.total);
    const width = 30;
    const filled = Math.round(share * width);
    const left = rate > 0 ? Math.max(0, (this.total - this.done) / rate) : 0;
    const line =
      `${this.label.padEnd(10)} |${'\u2588'.repeat(filled)}${'\u2591'.repeat(width - filled)}| ` +
      `${(share * 100).toFixed(0).padStart(3)}% ${Math.round(this.done).toLocaleString('en')}/` +
      `${Math.round(this.total).toLocaleString('en')} ${this.unit} | ${Math.round(rate).toLocaleString('en')}/s | ` +
      `${seconds.toFixed(0)} s, ~${left.toFixed(0)} s left`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  }
}
