import type { EventStore } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';

/** Where the waiter reads the truth (notifications are only hints). */
export interface PositionSource {
  /** The position every running projection has applied (the lowest checkpoint). */
  projected(): Promise<number>;
  /** The event log's last position: nothing above it can ever be projected. */
  head(): Promise<number>;
}

/** The read models' checkpoints and the event store's head. */
export function readModelPositions(
  db: Kysely<ReadModel>,
  store: Pick<EventStore, 'headPosition'>,
): PositionSource {
  return {
    // A stopped projection (it could not apply an event; /readyz says so) is left out: waiting
    // for it would only make every read time out.
    async projected() {
      const row = await db
        .selectFrom('projection_checkpoints')
        .select((eb) => eb.fn.min('position').as('position'))
        .where('stopped_position', 'is', null)
        .executeTakeFirst();
      return Number(row?.position ?? 0);
    },
    head: () => store.headPosition(),
  };
}

export type WaitResult =
  | { kind: 'ready'; projected: number }
  /** The position is above the log's head: no wait can ever reach it. */
  | { kind: 'beyond-head'; head: number }
  /** The read models did not reach it in time (a stuck or slow projector). */
  | { kind: 'timeout'; projected: number };

export interface ConsistencyOptions {
  /** Longest wait (ms; about 2 s: long enough for the projector to catch up under load, short enough that a client retries rather than hangs). */
  timeoutMs?: number;
  /** The fallback poll between checks when no notification comes (ms). */
  pollMs?: number;
}

/**
 * Read-your-writes: a query that carries X-Min-Position waits, at most
 * `timeoutMs`, until every projection has applied that position.
 *
 * It subscribes to "projected up to P" once, when it is made, and remembers the highest P heard:
 * so a notification that arrives while a check is under way is not lost (the check may have read
 * the checkpoints just before the batch committed; the remembered P sends it round again at once).
 * The notification only wakes it: the answer is always the read models' own checkpoint, and it
 * polls as a fallback, since notifications can be lost.
 */
export class Consistency {
  private heard = 0;
  private checked = 0;
  private readonly sleepers = new Set<() => void>();
  private readonly unsubscribe: () => void;
  private readonly timeoutMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly source: PositionSource,
    notifier: Pick<Notifier, 'onProjected'>,
    options: ConsistencyOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.pollMs = options.pollMs ?? 100;
    this.unsubscribe = notifier.onProjected((position) => {
      if (position <= this.heard) return;
      this.heard = position;
      for (const wake of this.sleepers) wake();
    });
  }

  /**
   * A position the read models have certainly reached (the highest checked or announced after
   * its commit): what an answer says in X-Projected-Position when it did not wait.
   */
  known(): number {
    return Math.max(this.heard, this.checked);
  }

  /** Reads the read models' position now. */
  async projectedPosition(): Promise<number> {
    const position = await this.source.projected();
    if (position > this.checked) this.checked = position;
    return position;
  }

  /** Waits until `position` is projected; says at once when it never can be. */
  async waitFor(position: number): Promise<WaitResult> {
    const deadline = Date.now() + this.timeoutMs;
    let heardBefore = this.heard;
    let projected = await this.projectedPosition();
    if (projected >= position) return { kind: 'ready', projected };
    const head = await this.source.head();
    if (position > head) return { kind: 'beyond-head', head };
    while (Date.now() < deadline) {
      // A notification heard since the last check began (perhaps during it) skips the sleep.
      if (!(this.heard >= position && this.heard > heardBefore)) await this.sleep(position, deadline);
      heardBefore = this.heard;
      projected = await this.projectedPosition();
      if (projected >= position) return { kind: 'ready', projected };
    }
    return { kind: 'timeout', projected };
  }

  /** Until the poll interval passes, the deadline comes, or `position` is announced. */
  private sleep(position: number, deadline: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(onHeard);
        resolve();
      };
      const onHeard = () => {
        if (this.heard >= position) done();
      };
      const timer = setTimeout(done, Math.max(0, Math.min(this.pollMs, deadline - Date.now())));
      this.sleepers.add(onHeard);
    });
  }

  close(): void {
    this.unsubscribe();
  }
}
