import { HttpError } from '@nocturne/http-kit';
import pLimit, { type LimitFunction } from 'p-limit';

/** A socket's idle timeout, as node:net has it. */
export interface IdleTimed {
  readonly timeout?: number | undefined;
  readonly destroyed: boolean;
  setTimeout(ms: number): unknown;
}

export const UPLOADS_BUSY = 'Too many stories are being uploaded right now. Please try again in a moment.';

/**
 * A bound on concurrent image work. Decoding a 40-megapixel image takes
 * about 160 MB per rendition, and an upload holds up to 10 x 15 MB of bytes: unbounded,
 * parallel uploads exhaust memory. At most `limit` uploads are read and processed at once; up
 * to `maxWaiting` more wait their turn in order (their bodies not yet read); beyond that, 503
 * with Retry-After. The slots are p-limit's, like every other bound on concurrency here; what
 * this adds is the bounded queue: p-limit queues without end, so an upload is refused before it
 * is queued when the queue is full.
 */
export class WorkSlots {
  private readonly slots: LimitFunction;

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {
    this.slots = pLimit(limit);
  }

  get active(): number {
    return this.slots.activeCount;
  }

  get waiting(): number {
    return this.slots.pendingCount;
  }

  /**
   * Runs `work` in a slot; refuses at once when the queue is full. The request's `socket`, when
   * given, is not cut for idleness while it waits its turn: its body waits unread in the network
   * buffers, so nothing moves on it however honest the client, and the server's idle timeout
   * would cut a real upload queued behind clients that stall. Its idle timeout runs again once
   * its turn comes (the request timeout bounds the whole wait).
   */
  async run<T>(work: () => Promise<T>, socket?: IdleTimed): Promise<T> {
    if (this.slots.activeCount >= this.limit && this.slots.pendingCount >= this.maxWaiting)
      throw new HttpError(503, UPLOADS_BUSY, { 'Retry-After': '5' });
    const idleMs = socket?.timeout;
    if (socket && idleMs) socket.setTimeout(0);
    return this.slots(() => {
      if (socket && idleMs && !socket.destroyed) socket.setTimeout(idleMs);
      return work();
    });
  }

  /**
   * Resolves with a release function once a slot is free, and holds the slot until it is called
   * (calling it again does nothing); refuses at once when the queue is full.
   */
  acquire(): Promise<() => void> {
    return new Promise((granted, refused) => {
      this.run(() => new Promise<void>((release) => granted(() => release()))).catch(refused);
    });
  }
}

/** Per process: two uploads processed at once, sixteen waiting. */
export const defaultImageWork = () => new WorkSlots(2, 16);
