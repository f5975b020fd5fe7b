import { HttpError } from '@nocturne/http-kit';

export const UPLOADS_BUSY = 'Too many stories are being uploaded right now. Please try again in a moment.';

/**
 * A bound on concurrent image work. Decoding a 40-megapixel image takes
 * about 160 MB per rendition, and an upload holds up to 10 x 15 MB of bytes: unbounded,
 * parallel uploads exhaust memory. At most `limit` uploads are read and processed at once; up
 * to `maxWaiting` more wait their turn in order (their bodies not yet read); beyond that, 503
 * with Retry-After.
 */
export class WorkSlots {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with a release function once a slot is free; refuses at once when the queue is full. */
  async acquire(): Promise<() => void> {
    if (this.running >= this.limit) {
      if (this.queue.length >= this.maxWaiting)
        throw new HttpError(503, UPLOADS_BUSY, { 'Retry-After': '5' });
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      // The slot passes straight to the next in line; otherwise it is free.
      if (next) next();
      else this.running--;
    };
  }

  /** Runs `work` in a slot. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** Per process: two uploads processed at once, sixteen waiting. */
export const defaultImageWork = () => new WorkSlots(2, 16);
